import Foundation

/// A fresh directory under the system's temporary directory, removed when the value goes away,
/// so every test gets its own database file and tests can run in parallel.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "pushboard-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}

/// Runs `body(index)` on `count` real threads at once and waits for all of them: the HTTP server
/// calls the store from a pool of OS threads, and so do these tests.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}
