import Concurrency
import EmbeddedResources
import Foundation

/// Where the dashboard's resources come from: the copy embedded in the program (fixed for its
/// lifetime), or a folder given with `--resources DIR`, re-read when its files change so template
/// and stylesheet edits show on the next reload of the page.
///
/// Only the folder mode ever reloads: a deployed server never touches the disk for a page.
final class ResourceStore: Sendable {
    /// How long a folder's copy is trusted before the files are read again; bounds the cost of
    /// development mode to one read of a few hundred kilobytes per interval.
    static let recheckInterval = Duration.milliseconds(500)

    /// The folder's files as last read, what they compiled to, and when they were read.
    private struct Watched {
        var files: [String: [UInt8]]
        var snapshot: ResourceSnapshot
        var checkedAt: ContinuousClock.Instant
    }

    private let embedded: ResourceSnapshot?
    private let directory: String
    private let watched: Locked<Watched>

    /// The embedded files compiled once per process: they cannot change while it runs, and every
    /// dashboard built in it (the test suites build hundreds) would otherwise parse the same
    /// templates and documents again.
    private static let embeddedSnapshot = Result { try ResourceSnapshot(files: EmbeddedFiles.all) }

    /// The embedded copy when `directory` is nil, otherwise the folder's. Fails like
    /// `ResourceSnapshot.init(files:)`, or for a folder without `templates/`, `Public/` or `api/`.
    init(directory: String?) throws {
        guard let directory else {
            let embedded = try Self.embeddedSnapshot.get()
            self.embedded = embedded
            self.directory = ""
            self.watched = Locked(Watched(files: [:], snapshot: embedded, checkedAt: .now))
            return
        }
        self.directory = directory
        let files: [String: [UInt8]]
        do {
            files = try ResourceSnapshot.files(in: directory)
        } catch {
            throw DashboardError("cannot read the resources in \(directory): \(error.localizedDescription)")
        }
        self.embedded = nil
        self.watched = Locked(
            Watched(files: files, snapshot: try ResourceSnapshot(files: files), checkedAt: .now))
    }

    /// The resources to answer a request with. In folder mode a change (a file edited, added or
    /// removed) is picked up within `recheckInterval`; a change that does not compile (a template
    /// syntax error) is reported on stderr and the previous copy stays in use.
    var current: ResourceSnapshot {
        if let embedded { return embedded }
        return watched.withLock { watched in
            let now = ContinuousClock.now
            guard now - watched.checkedAt >= Self.recheckInterval else { return watched.snapshot }
            watched.checkedAt = now
            if let files = try? ResourceSnapshot.files(in: directory), files != watched.files {
                watched.files = files
                do {
                    watched.snapshot = try ResourceSnapshot(files: files)
                } catch {
                    FileHandle.standardError.write(
                        Data("pushboard: resources not reloaded, previous copy kept: \(error)\n".utf8))
                }
            }
            return watched.snapshot
        }
    }
}
