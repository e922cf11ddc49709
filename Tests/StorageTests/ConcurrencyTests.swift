import Concurrency
import Foundation
import Synchronization
import Testing

@testable import Storage

/// The HTTP server calls the store from a pool of threads; these tests do the same with real
/// threads on one shared `Store`, the way `PUT` with `If-Match` and 412-retry would.
@Suite struct ConcurrencyTests {
    static let writers = 8
    static let updatesPerWriter = 100

    /// Each writer saves `updatesPerWriter` revisions, re-reading and retrying whenever its
    /// expected revision was stale. Every success must appear exactly once in the revisions, and
    /// the final revision must be 1 + the number of successes: no update lost, none doubled.
    @Test(arguments: StoreBackend.allCases) func optimisticWritersNeverLoseOrDuplicateAnUpdate(
        _ backend: StoreBackend
    ) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory)
        try Self.hammer([store.notifications], updatesPerWriter: Self.updatesPerWriter)
    }

    /// Two `Database` values on one file do not share the in-process write lock, so their writers
    /// meet only SQLite's own lock and busy timeout, as a CLI import beside the server would; on
    /// PostgreSQL they are two instances of a cluster, meeting on the advisory write lock.
    @Test(arguments: StoreBackend.allCases) func writersOfTwoDatabasesOnOneFileWaitForEachOther(
        _ backend: StoreBackend
    ) throws {
        let directory = try TemporaryDirectory()
        let first = try backend.open(in: directory)
        let second = try backend.reopen(first, in: directory)
        try Self.hammer([first.notifications, second.notifications], updatesPerWriter: 25)
    }

    /// Runs `writers` threads, spread over `stores`, each saving `updatesPerWriter` optimistic
    /// updates of one notification with retry on stale, and checks the history is exact.
    private static func hammer(_ stores: [NotificationStore], updatesPerWriter: Int) throws {
        let id = try stores[0].create(name: "start", headers: "{}", payload: "{}", by: "setup").id
        let successes = Locked<[String]>([])
        let failures = Locked<[String]>([])
        let staleRetries = Atomic<Int>(0)
        let busyRetries = Atomic<Int>(0)
        let started = ContinuousClock.now
        runOnThreads(writers) { writer in
            let notifications = stores[writer % stores.count]
            do {
                for update in 0..<updatesPerWriter {
                    let name = "w\(writer)-u\(update)"
                    while true {
                        guard let current = try notifications.notification(id: id) else {
                            failures.withLock { $0.append("\(name): notification vanished") }
                            return
                        }
                        let result: NotificationUpdateResult
                        do {
                            result = try notifications.update(
                                id: id, expectedRevision: current.revision, name: name, headers: "{}",
                                payload: "{\"n\":\"\(name)\"}", by: "writer \(writer)")
                        } catch let error as StorageError where error.isBusy {
                            // The server answers 503 and the client tries again; on a loaded
                            // machine a writer may wait past the bound. Nothing may be lost.
                            busyRetries.add(1, ordering: .relaxed)
                            continue
                        }
                        if case .updated = result { break }
                        staleRetries.add(1, ordering: .relaxed)
                    }
                    successes.withLock { $0.append(name) }
                }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        let elapsed = ContinuousClock.now - started
        #expect(failures.withLock { $0 } == [])
        let saved = successes.withLock { $0 }
        #expect(saved.count == writers * updatesPerWriter)

        let revisions = try #require(try stores[0].revisions(id: id))
        #expect(revisions.map(\.revision) == Array((1...saved.count + 1).reversed()))
        let names = revisions.dropLast().map(\.name)
        #expect(names.count == Set(names).count, "an update was recorded twice")
        #expect(Set(names) == Set(saved), "a successful update is missing from the revisions")
        #expect(try stores[0].notification(id: id)?.revision == saved.count + 1)
        // Each writer's own updates were saved in its own order.
        for writer in 0..<writers {
            let own = revisions.reversed().map(\.name).filter { $0.hasPrefix("w\(writer)-") }
            #expect(own == (0..<updatesPerWriter).map { "w\(writer)-u\($0)" })
        }
        print(
            "storage: \(saved.count) optimistic updates from \(writers) threads on \(stores.count) database(s) "
                + "in \(elapsed), \(staleRetries.load(ordering: .relaxed)) stale retries, "
                + "\(busyRetries.load(ordering: .relaxed)) busy retries")
    }

    /// Category writes from many threads interleave but every one lands as its own revision.
    @Test(arguments: StoreBackend.allCases) func concurrentCategoryPutsAllLand(_ backend: StoreBackend) throws
    {
        let directory = try TemporaryDirectory()
        let categories = try backend.open(in: directory).categories
        let failures = Locked<[String]>([])
        runOnThreads(Self.writers) { writer in
            do {
                for index in 0..<20 {
                    let identifier = "c\(writer)-\(index % 5)"
                    _ = try categories.put(
                        CategoryDocument(identifier: identifier, json: "{\"i\":\(index)}"), by: "t")
                }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try categories.currentRevision() == Self.writers * 20)
        #expect(try categories.history().map(\.revision) == Array((1...Self.writers * 20).reversed()))
        let registry = try categories.registry()
        #expect(registry.categories.count == Self.writers * 5)
        #expect(registry.categories.allSatisfy { $0.revision == 4 && $0.json.hasPrefix("{\"i\":1") })
        #expect(try categories.registry(atRevision: registry.revision) == registry.categories.map(\.document))
    }
}
