import Glibc

/// Which file a path names: its device and inode, as `stat(2)` reports them.
///
/// A data directory removed (`rm -rf`) or replaced (restored from elsewhere) while the server
/// runs leaves its open descriptors pointing at the old, unlinked inode: SQLite keeps answering,
/// and every write it acknowledges is gone on restart. Comparing the identity taken at start with
/// the one the path has now is how a write finds out before it is acknowledged.
public struct FileIdentity: Equatable, Sendable {
    /// `st_dev`.
    public let device: UInt64
    /// `st_ino`.
    public let inode: UInt64

    /// The identity of whatever `path` names now, or nil when nothing does.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The data directory and database file as they were when the database was opened.
struct OpenedFiles: Sendable {
    /// The directory holding the database file.
    let directory: String
    /// The database file.
    let file: String
    /// `directory`'s identity at open.
    let directoryIdentity: FileIdentity?
    /// `file`'s identity at open.
    let fileIdentity: FileIdentity?

    /// Records the identities of `file` and its directory now.
    init(file: String) {
        self.file = file
        let slash = file.lastIndex(of: "/")
        directory = slash.map { String(file[..<$0]).isEmpty ? "/" : String(file[..<$0]) } ?? "."
        directoryIdentity = FileIdentity(path: directory)
        fileIdentity = FileIdentity(path: file)
    }

    /// Nil when both paths still name the files opened at start, else what changed: with the
    /// paths for 503s and logs, without them for `/readyz` (anonymous clients must not learn
    /// where the data lives).
    func change(namingPaths: Bool = true) -> String? {
        if FileIdentity(path: directory) != directoryIdentity {
            let named = namingPaths ? " \(directory)" : ""
            return "the data directory\(named) was removed or replaced after the server started"
        }
        if FileIdentity(path: file) != fileIdentity {
            let named = namingPaths ? " \(file)" : ""
            return "the database file\(named) was removed or replaced after the server started"
        }
        return nil
    }
}
