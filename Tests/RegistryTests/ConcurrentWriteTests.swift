import Foundation
import NotificationKit
import Registry
import Storage
import Testing

/// Revision-checked category writes from many threads: none is lost, and every one that
/// succeeded is in the history (the HTTP version with 8 × 200 is tests/test_concurrency.py).
@Suite struct ConcurrentWriteTests {
    static let writers = 8
    static let updatesPerWriter = 20

    @Test func revisionCheckedUpdatesOfOneCategoryLoseNothing() throws {
        let fixture = try RegistryFixture()
        try fixture.catalog.put(RegistryFixture.category("message", title: "start"), by: "setup")
        let successes = try Self.hammer { writer, update in
            let title = "w\(writer)-u\(update)"
            let current = try fixture.catalog.snapshot().row("message")?.revision
            try fixture.catalog.put(
                RegistryFixture.category("message", title: title), expectedRevision: current, by: title)
            return title
        }
        let history = try fixture.store.categories.revisions(of: "message")
        #expect(history.count == successes.count + 1)
        let titles = history.dropLast().compactMap { $0.json.flatMap(Self.title) }
        #expect(titles.sorted() == successes.sorted())
        #expect(history.map(\.revision) == Array((1...history.count).reversed()))
    }

    @Test func revisionCheckedReplacementsOfTheWholeRegistryLoseNothing() throws {
        let fixture = try RegistryFixture()
        let successes = try Self.hammer { writer, update in
            let name = "w\(writer)-u\(update)"
            let current = try fixture.catalog.snapshot().revision
            let config = CategoryConfig(categories: [RegistryFixture.category("message", title: name)])
            try fixture.catalog.replaceAll(with: config, expectedRevision: current, by: name)
            return name
        }
        let history = try fixture.store.categories.history()
        #expect(history.count == successes.count)
        #expect(history.map(\.changedBy).sorted() == successes.sorted())
        #expect(history.map(\.revision) == Array((1...history.count).reversed()))
    }

    /// Runs `writers` threads, each doing `updatesPerWriter` successful `write`s, retrying each
    /// one on `RegistryRefusal.stale`, and on a busy database as a client retries a 503: the
    /// write lock's wait is bounded (`Database.writeWait`, 2 s), and under ThreadSanitizer on a
    /// slow machine seven writers ahead can take longer than that. Answers what every success
    /// returned; a write that failed any other way fails the test.
    private static func hammer(_ write: @escaping @Sendable (Int, Int) throws -> String) throws -> [String] {
        let results = ResultBox()
        let group = DispatchGroup()
        for writer in 0..<writers {
            group.enter()
            Thread {
                defer { group.leave() }
                for update in 0..<updatesPerWriter {
                    while true {
                        do {
                            results.add(try write(writer, update))
                            break
                        } catch RegistryRefusal.stale {
                            continue
                        } catch let error as StorageError where error.isBusy {
                            continue
                        } catch {
                            results.fail("\(error)")
                            return
                        }
                    }
                }
            }.start()
        }
        group.wait()
        let (successes, failures) = results.contents
        #expect(failures.isEmpty)
        #expect(successes.count == writers * updatesPerWriter)
        return successes
    }

    private static func title(_ json: String) -> String? {
        NotificationCategory.read(Array(json.utf8)).category?.actions.first?.title
    }
}

/// Results gathered from many threads behind a pthread mutex (TSan understands it).
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var successes: [String] = []
    private var failures: [String] = []

    func add(_ success: String) { lock.withLock { successes.append(success) } }
    func fail(_ failure: String) { lock.withLock { failures.append(failure) } }
    var contents: ([String], [String]) { lock.withLock { (successes, failures) } }
}
