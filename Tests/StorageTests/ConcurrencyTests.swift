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
    @Test func optimisticWritersNeverLoseOrDuplicateAnUpdate() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path)
        let notifications = store.notifications
        let id = try notifications.create(name: "start", headers: "{}", payload: "{}", by: "setup").id
        let successes = Mutex<[String]>([])
        let failures = Mutex<[String]>([])
        let staleRetries = Atomic<Int>(0)
        let started = ContinuousClock.now
        runOnThreads(Self.writers) { writer in
            do {
                for update in 0..<Self.updatesPerWriter {
                    let name = "w\(writer)-u\(update)"
                    while true {
                        guard let current = try notifications.notification(id: id) else {
                            failures.withLock { $0.append("\(name): notification vanished") }
                            return
                        }
                        let result = try notifications.update(
                            id: id, expectedRevision: current.revision, name: name, headers: "{}",
                            payload: "{\"n\":\"\(name)\"}", by: "writer \(writer)")
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
        #expect(saved.count == Self.writers * Self.updatesPerWriter)

        let revisions = try #require(try notifications.revisions(id: id))
        #expect(revisions.map(\.revision) == Array((1...saved.count + 1).reversed()))
        let names = revisions.dropLast().map(\.name)
        #expect(names.count == Set(names).count, "an update was recorded twice")
        #expect(Set(names) == Set(saved), "a successful update is missing from the revisions")
        #expect(try notifications.notification(id: id)?.revision == saved.count + 1)
        // Each writer's own updates were saved in its own order.
        for writer in 0..<Self.writers {
            let own = revisions.reversed().map(\.name).filter { $0.hasPrefix("w\(writer)-") }
            #expect(own == (0..<Self.updatesPerWriter).map { "w\(writer)-u\($0)" })
        }
        print(
            "storage: \(saved.count) optimistic updates from \(Self.writers) threads in \(elapsed), "
                + "\(staleRetries.load(ordering: .relaxed)) stale retries")
    }

    /// Category writes from many threads interleave but every one lands as its own revision.
    @Test func concurrentCategoryPutsAllLand() throws {
        let directory = try TemporaryDirectory()
        let categories = try Store(directory: directory.path).categories
        let failures = Mutex<[String]>([])
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
