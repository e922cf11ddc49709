import Concurrency
import Foundation
import Testing

@testable import Storage

/// Issue 12: every storage fault is named, costs one write a bounded wait and clears without a
/// restart.
@Suite struct StorageFaultTests {
    @Test func aForeignWriteLockMakesWritesBusyAndReadsStillWork() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"))
        _ = try store.notifications.create(name: "a", headers: "{}", payload: "{}", by: "t")
        // A second SQLite handle is, to SQLite, another process holding the write lock.
        let foreign = try Connection(path: store.file!.path, readOnly: false)
        try foreign.execute("BEGIN IMMEDIATE")
        #expect {
            _ = try store.notifications.create(name: "b", headers: "{}", payload: "{}", by: "t")
        } throws: { ($0 as? StorageError)?.isBusy == true }
        #expect(try store.notifications.list().map(\.name) == ["a"])
        try foreign.execute("ROLLBACK")
        _ = try store.notifications.create(name: "c", headers: "{}", payload: "{}", by: "t")
        #expect(try store.notifications.list().count == 2)
    }

    @Test func writersBeyondTheLimitAreRefusedAtOnceWhileTheLockIsHeld() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"), waitingWriterLimit: 1)
        let foreign = try Connection(path: store.file!.path, readOnly: false)
        try foreign.execute("BEGIN IMMEDIATE")
        let codes = Locked<[String]>([])
        let finished = DispatchGroup()
        for index in 0..<4 {
            finished.enter()
            // Real threads, not a pool sized to the cores: all four must wait at the same time.
            Thread {
                defer { finished.leave() }
                do {
                    _ = try store.notifications.create(
                        name: "w\(index)", headers: "{}", payload: "{}", by: "t")
                    codes.withLock { $0.append("saved") }
                } catch let error as StorageError {
                    let kind =
                        if case .writersQueued = error { "queued" } else { error.isBusy ? "busy" : "other" }
                    codes.withLock { $0.append(kind) }
                } catch {
                    codes.withLock { $0.append("other") }
                }
            }.start()
        }
        finished.wait()
        try foreign.execute("ROLLBACK")
        let seen = codes.withLock { $0 }
        #expect(seen.count == 4)
        #expect(!seen.contains("saved") && !seen.contains("other"))
        #expect(seen.contains("queued"))
    }

    @Test func aRemovedDataDirectoryRefusesWritesAndIsNotReady() throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("data")
        let store = try Store(directory: data)
        #expect(store.file!.readiness(quickCheck: true).isReady)
        try FileManager.default.removeItem(atPath: data)
        #expect {
            _ = try store.notifications.create(name: "lost", headers: "{}", payload: "{}", by: "t")
        } throws: { error in
            guard case .filesReplaced(let message) = error as? StorageError else { return false }
            return message.contains("data directory")
        }
        let readiness = store.file!.readiness(quickCheck: false)
        #expect(!readiness.isReady)
        #expect(readiness.checks.first { $0.name == "files" }?.passed == false)
    }

    @Test func aReplacedDatabaseFileRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("data")
        let store = try Store(directory: data)
        let file = store.file!.path
        try FileManager.default.moveItem(atPath: file, toPath: file + ".old")
        try Data().write(to: URL(fileURLWithPath: file))
        #expect {
            _ = try store.notifications.create(name: "lost", headers: "{}", payload: "{}", by: "t")
        } throws: { ($0 as? StorageError)?.isReadOnly == true }
    }

    @Test func aDamagedFileIsRefusedWithRestoreAdviceOrServedReadOnly() throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("data")
        let schemaPages: Int
        do {
            let store = try Store(directory: data)
            schemaPages = try store.file!.withConnection { try $0.integer("PRAGMA page_count") }
            for index in 0..<80 {
                _ = try store.notifications.create(
                    name: "n\(index)", headers: "{}", payload: String(repeating: "x", count: 200), by: "t")
            }
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: data + "/" + Store.fileName))
        let size = try handle.seekToEnd()
        var generator = SystemRandomNumberGenerator()
        // Only the pages written after the migrations: a damaged schema (its pages are among the
        // first) cannot be served even read-only.
        for offset in stride(from: UInt64(schemaPages) * 4096, to: size, by: 4096) {
            try handle.seek(toOffset: offset)
            handle.write(Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        try handle.close()
        #expect {
            _ = try Store.openForServing(directory: data, waitingWriterLimit: 4, allowDamaged: false)
        } throws: { error in
            guard case .damaged = error as? StorageError else { return false }
            return "\(error)".contains("pushboard backup") && "\(error)".contains("--allow-damaged")
        }
        let damaged = try Store.openForServing(directory: data, waitingWriterLimit: 4, allowDamaged: true)
        #expect(!damaged.file!.readiness(quickCheck: false).isReady)
        #expect {
            _ = try damaged.notifications.create(name: "x", headers: "{}", payload: "{}", by: "t")
        } throws: { ($0 as? StorageError)?.isReadOnly == true }
    }
}
