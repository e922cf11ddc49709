import Concurrency
import Foundation
import Testing

@testable import Storage

/// `Database.changeGeneration()` and `GenerationCache`: what every cache over the store trusts
/// instead of querying the database per request.
@Suite struct ChangeGenerationTests {
    /// A write of this process moves the generation before `transaction` returns, whatever the
    /// check interval: the very next read on any thread sees it.
    @Test func aWriteOfThisProcessMovesTheGenerationAtOnce() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path, changeCheckInterval: .seconds(3600))
        let before = store.database.changeGeneration()
        #expect(store.database.changeGeneration() == before)
        _ = try store.notifications.create(name: "n", headers: "{}", payload: "{\"aps\":{}}", by: "t")
        let after = store.database.changeGeneration()
        #expect(after != before)
        #expect(store.database.changeGeneration() == after)
    }

    /// Another `Database` on the same file stands for another process (the CLI): its commit is
    /// noticed through `PRAGMA data_version` on the next check, and not before the interval ends.
    @Test(arguments: [Duration.zero, .seconds(3600)])
    func aCommitOfAnotherConnectionIsNoticedByTheNextCheck(_ interval: Duration) throws {
        let directory = try TemporaryDirectory()
        let server = try Store(directory: directory.path, changeCheckInterval: interval)
        let before = server.database.changeGeneration()
        let cli = try Store(directory: directory.path)
        _ = try cli.access.addUser(name: "anna", role: "admin", passwordHash: "x", at: Date())
        let after = server.database.changeGeneration()
        if interval == .zero {
            #expect(after != before)
            #expect(server.database.changeGeneration() == after)
        } else {
            #expect(after == before)
        }
    }

    /// The guarantee in numbers: with a 50 ms interval, a foreign commit is seen by a call made
    /// more than 50 ms after the commit ended.
    @Test func aForeignCommitIsSeenOnceTheIntervalHasPassed() throws {
        let directory = try TemporaryDirectory()
        let server = try Store(directory: directory.path, changeCheckInterval: .milliseconds(50))
        let before = server.database.changeGeneration()
        _ = try Store(directory: directory.path).notifications.create(
            name: "n", headers: "{}", payload: "{\"aps\":{}}", by: "cli")
        Thread.sleep(forTimeInterval: 0.06)
        #expect(server.database.changeGeneration() != before)
    }

    /// A call that finds the check due while another thread runs it answers at once with the
    /// generation as it stands (it never waits on that thread); the first call after that check
    /// ends checks again and sees the foreign commit.
    @Test func aCallDuringAnotherThreadsCheckAnswersWithoutWaiting() throws {
        let directory = try TemporaryDirectory()
        let server = try Store(directory: directory.path, changeCheckInterval: .zero)
        let before = server.database.changeGeneration()
        _ = try Store(directory: directory.path).notifications.create(
            name: "n", headers: "{}", payload: "{\"aps\":{}}", by: "cli")
        let checkRunning = DispatchSemaphore(value: 0)
        let checkMayEnd = DispatchSemaphore(value: 0)
        // Another thread holds the check's lock, as a check in flight does.
        let holder = Thread {
            server.file!.changes.lock.lock()
            checkRunning.signal()
            checkMayEnd.wait()
            server.file!.changes.lock.unlock()
            checkRunning.signal()
        }
        holder.start()
        checkRunning.wait()
        let started = Date()
        let during = server.database.changeGeneration()
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(during == before)
        checkMayEnd.signal()
        checkRunning.wait()
        #expect(server.database.changeGeneration() != before)
    }

    /// Each thread keeps its own copy of a cache's value: a write on one thread is seen by the
    /// next read of a thread that holds a copy from before it.
    @Test func aWriteOnOneThreadReachesAnotherThreadsCopy() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path, changeCheckInterval: .seconds(3600))
        let cache = GenerationCache<Int>(database: store.database)
        let count: @Sendable () throws -> Int = { try cache.value { _ in try store.access.userCount() } }
        let seen = Locked<[Int]>([])
        let readOnce = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // One long-lived thread, like a server worker: its copy is from before the write.
        let reader = Thread {
            for round in 0..<3 {
                if let value = try? count() { seen.withLock { $0.append(value) } }
                if round == 0 {
                    readOnce.signal()
                    written.wait()
                }
            }
            done.signal()
        }
        reader.start()
        readOnce.wait()
        _ = try store.access.addUser(name: "anna", role: "admin", passwordHash: "x", at: Date())
        #expect(try count() == 1)
        written.signal()
        done.wait()
        #expect(seen.withLock { $0 } == [0, 1, 1])
    }

    @Test func readsAloneNeverMoveTheGeneration() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path, changeCheckInterval: .zero)
        let before = store.database.changeGeneration()
        _ = try store.access.userCount()
        _ = try store.categories.registry()
        _ = try Store(directory: directory.path).access.users()
        #expect(store.database.changeGeneration() == before)
    }

    /// The cache loads once per generation, hands `load` the value it held, and loads again
    /// after a write.
    @Test func aCacheLoadsAgainOnlyAfterAChange() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path, changeCheckInterval: .zero)
        let cache = GenerationCache<Int>(database: store.database)
        let loads = Locked<[Int?]>([])
        let count = {
            try cache.value { previous in
                loads.withLock { $0.append(previous) }
                return try store.access.userCount()
            }
        }
        #expect(try count() == 0)
        #expect(try count() == 0)
        _ = try store.access.addUser(name: "anna", role: "admin", passwordHash: "x", at: Date())
        #expect(try count() == 1)
        _ = try Store(directory: directory.path).access.addUser(
            name: "bob", role: "viewer", passwordHash: "x", at: Date())
        #expect(try count() == 2)
        #expect(try count() == 2)
        #expect(loads.withLock { $0 } == [nil, 0, 1])
    }

    /// Under concurrent writers and readers, a reader that starts after a write returned never
    /// sees the value from before it.
    @Test func readersOnOtherThreadsReadTheirWrites() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path, changeCheckInterval: .seconds(3600))
        let cache = GenerationCache<Int>(database: store.database)
        let stale = Locked(0)
        runOnThreads(4) { thread in
            for round in 0..<25 {
                let name = "u\(thread)-\(round)"
                guard
                    (try? store.access.addUser(name: name, role: "viewer", passwordHash: "x", at: Date()))
                        == true,
                    let seen = try? cache.value({ _ in try store.access.userCount() }),
                    let mine = try? store.access.userCount()
                else { return }
                // Every user this thread added so far is counted.
                if seen < round + 1 || seen > mine { stale.withLock { $0 += 1 } }
            }
        }
        #expect(stale.withLock { $0 } == 0)
        #expect(try cache.value { _ in try store.access.userCount() } == 100)
    }
}
