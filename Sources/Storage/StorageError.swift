import CSQLite

/// Everything the store can refuse or fail at, so a caller can map each case to its own answer
/// (a busy database to 503, a corrupt backup to exit status 2) instead of parsing messages.
public enum StorageError: Error, Equatable, Sendable {
    /// SQLite said no. `code` is the extended result code (`code & 0xff` is the primary one),
    /// `message` is SQLite's own text (`sqlite3_errmsg`), `context` says what we were doing.
    case sqlite(code: Int32, message: String, context: String)
    /// The file was written by a newer pushboard; opening it could corrupt what that one wrote.
    case schemaTooNew(found: Int, known: Int)
    /// A read-only open met a schema older than this binary's, which only a writable open migrates.
    case schemaTooOld(found: Int, known: Int)
    /// The file is an SQLite database of some other program.
    case notPushboardDatabase(path: String, applicationID: Int32)
    /// `backup(to:)` never overwrites a file unless told to.
    case backupTargetExists(path: String)
    /// A file-system step outside SQLite failed (creating the data directory, publishing a backup).
    case fileSystem(path: String, message: String)
    /// `PRAGMA integrity_check` found damage; `report` is what it printed.
    case integrityCheckFailed(report: String)
    /// The caller passed something the store cannot keep (an empty or duplicate identifier).
    case invalidInput(String)
    /// The data directory or the database file is no longer the one opened at start (removed or
    /// replaced): a write now would be acknowledged and then lost, so none is attempted.
    case filesReplaced(String)
    /// `PRAGMA quick_check` at start found damage in the database at `path`; `servable` when it
    /// still opens read-only (so `--allow-damaged` would serve it, and the message says so).
    case damaged(path: String, report: String, servable: Bool)
    /// Too many writers are already waiting for the write lock, or the wait ran out: retry later.
    case writersQueued(waiting: Int)
    /// PostgreSQL said no. `sqlState` is its five-character SQLSTATE (`40001`, `57014`, …),
    /// `message` its own text, `context` the first line of the statement.
    case postgres(sqlState: String, message: String, context: String)
    /// The PostgreSQL server cannot be reached (not started, restarting, the network): a retry
    /// later may work.
    case databaseUnavailable(String)

    /// The primary SQLite result code, or nil when the error did not come from SQLite.
    public var sqliteCode: Int32? {
        if case .sqlite(let code, _, _) = self { return code & 0xff }
        return nil
    }

    /// True when the database stayed locked for the whole busy timeout: a retry later may work,
    /// so HTTP handlers should answer 503 rather than 500.
    public var isBusy: Bool {
        switch self {
        case .writersQueued, .databaseUnavailable: return true
        case .postgres(let state, _, _): return Self.retryableStates.contains(state) || state.hasPrefix("08")
        default: return sqliteCode == SQLITE_BUSY || sqliteCode == SQLITE_LOCKED
        }
    }

    /// PostgreSQL's answers that a retry later may get past: a serialization failure, a
    /// deadlock, a lock not granted within `lock_timeout`, a statement cancelled by
    /// `statement_timeout`, a server shutting down or starting up (class 08 is the connection's).
    static let retryableStates: Set<String> = ["40001", "40P01", "55P03", "57014", "57P01", "57P02", "57P03"]

    /// True when the disk (or the quota) is full: writes resume once space is freed.
    public var isDiskFull: Bool {
        sqliteCode == SQLITE_FULL
    }

    /// True when the database cannot be written: a read-only file or file system, a database
    /// opened read-only because it is damaged (`--allow-damaged`), or replaced files.
    public var isReadOnly: Bool {
        if case .filesReplaced = self { return true }
        return sqliteCode == SQLITE_READONLY || sqliteCode == SQLITE_CANTOPEN
    }
}

extension StorageError: CustomStringConvertible {
    /// One line a person can act on, used in logs, CLI errors and 5xx bodies.
    public var description: String {
        switch self {
        case .sqlite(let code, let message, let context):
            return "\(context): \(message) (SQLite error \(code))"
        case .schemaTooNew(let found, let known):
            return "database schema version \(found) is newer than this pushboard (knows up to \(known)); "
                + "upgrade pushboard"
        case .schemaTooOld(let found, let known):
            return "database schema version \(found) is older than this pushboard's (\(known)); "
                + "open it once read-write to migrate it"
        case .notPushboardDatabase(let path, let applicationID):
            return "\(path) is an SQLite database of another program (application_id \(applicationID))"
        case .backupTargetExists(let path):
            return "\(path) already exists; refusing to overwrite it"
        case .fileSystem(let path, let message):
            return "\(path): \(message)"
        case .integrityCheckFailed(let report):
            return "integrity check failed: \(report)"
        case .invalidInput(let message):
            return message
        case .filesReplaced(let message):
            return message + "; restart pushboard on the intended data directory"
        case .damaged(let path, let report, let servable):
            let firstLines = report.split(separator: "\n").prefix(3).joined(separator: "; ")
            return "\(path) is damaged (PRAGMA quick_check: \(firstLines)). Stop pushboard and restore "
                + "the latest copy made by `pushboard backup` (copies are integrity-checked): "
                + "cp BACKUP \(path), removing any \(path)-wal and \(path)-shm next to it"
                + (servable
                    ? "; or start with --allow-damaged to serve what still reads, read-only"
                    : "; its schema does not read, so even --allow-damaged cannot serve it")
        case .writersQueued(let waiting):
            return "\(waiting) writers are already waiting for the database's write lock"
        case .postgres(let state, let message, let context):
            return "\(context): \(message) (PostgreSQL SQLSTATE \(state))"
        case .databaseUnavailable(let message):
            return "PostgreSQL is unavailable: \(message)"
        }
    }
}

extension StorageError {
    /// What went wrong in words that name no file path: for answers to anonymous clients
    /// (`/readyz`), which must not learn where the data lives.
    public var withoutPaths: String {
        switch self {
        case .sqlite(let code, let message, _):
            return "\(message) (SQLite error \(code))"
        case .filesReplaced:
            return "the data directory or the database file was removed or replaced after the server started"
        case .notPushboardDatabase, .backupTargetExists, .fileSystem, .damaged:
            return "a file of the data directory cannot be used"
        case .postgres(let state, let message, _):
            return "\(message) (PostgreSQL SQLSTATE \(state))"
        case .databaseUnavailable:
            return "the database server cannot be reached"
        case .schemaTooNew, .schemaTooOld, .integrityCheckFailed, .invalidInput, .writersQueued:
            return description
        }
    }
}
