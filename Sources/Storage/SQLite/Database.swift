import CSQLite
import Foundation
import Synchronization

/// Pushboard's SQLite file: a pool of connections shared by every thread of the server, and the
/// one implementation of `StoreDatabase` today.
///
/// Any thread may call any method at any time. Each call borrows a connection for its duration
/// (see `Connection` for why connections are lent, not shared), so readers run in parallel under
/// WAL while writers queue on SQLite's write lock inside the busy timeout. Opening read-write
/// creates the file if needed, switches it to WAL and applies the migrations of `Schema`; opening
/// read-only changes nothing and refuses a schema other than the one this binary knows.
public final class Database: StoreDatabase {
    /// How the file is opened.
    public enum Mode: Sendable {
        /// Create if missing, migrate, read and write: the server and import commands.
        case readWrite
        /// Never write: exports, checks, and inspecting a copy without touching it.
        case readOnly
    }

    /// Connections kept for reuse when the caller does not say (the command line uses one).
    public static let defaultConnectionLimit = 8

    /// How many connections the pool keeps: the server passes its worker thread count, since
    /// each thread borrows at most one at a time. A borrower beyond them gets a connection that
    /// is closed when returned, so the connections held, and their page caches
    /// (`Connection.pageCacheKiB` each), stay bounded.
    public let connectionLimit: Int

    /// The database file.
    public let path: String
    /// How every connection of the pool is opened.
    public let mode: Mode
    private let pool: ConnectionPool
    /// Guards no state, only orders this process's writers (see `transaction` and
    /// `transactionIfUnlocked`).
    let writeLock = NSLock()
    /// How many writers may wait up to `writeWait` for `writeLock` at once; writers beyond them
    /// wait only `overflowWriteLockWait` before answering `StorageError.writersQueued`.
    public let waitingWriterLimit: Int
    /// Writers now waiting for `writeLock`.
    private let waitingWriters = Atomic<Int>(0)
    /// The files as opened, checked before every write (nil for read-only opens).
    let openedFiles: OpenedFiles?
    /// The last `/readyz` integrity check (see `readiness(quickCheck:)`).
    let quickCheckCache = ReadinessCheckCache()
    /// The last `/readyz` write probe (see `readiness(quickCheck:)`).
    let writeProbeCache = ReadinessCheckCache()
    /// Why this database refuses writes although its files are writable (`--allow-damaged`).
    public let readOnlyReason: String?
    /// Notices changes for the caches built on this database (see `changeGeneration()`).
    let changes: ChangeWatch

    /// How long a check for other processes' commits is trusted by default: short enough that
    /// a command line change is in force before anyone could ask the server again, long enough
    /// that thousands of requests a second share one check.
    public static let defaultChangeCheckInterval = Duration.milliseconds(1)

    /// The whole time one write may wait, for this process's other writers and then for another
    /// process's lock (SQLite's busy timeout gets what is left), before answering 503 `busy`.
    public static let writeWait: TimeInterval = 2
    /// How long a writer beyond `waitingWriterLimit` waits: enough for a burst of ordinary
    /// millisecond writes to pass, short enough that writers queued behind a foreign lock
    /// hand their worker threads back at once.
    public static let overflowWriteLockWait: TimeInterval = 0.05

    /// Opens (and in `.readWrite` mode creates and migrates) the database at `path`.
    ///
    /// Throws `StorageError.schemaTooNew` when a newer pushboard wrote the file,
    /// `.notPushboardDatabase` for another program's SQLite file, `.sqlite` when it cannot be
    /// opened at all.
    ///
    /// `waitingWriterLimit` bounds how many threads may wait the full `writeWait` for the write
    /// lock at once, so writers stuck behind another process's lock can never hold every worker
    /// thread of the server (no limit by default: the command line has one writer).
    /// `connectionLimit` bounds the connections kept (see the property). `readOnlyReason` is given when
    /// the file is opened read-only on purpose (a damaged file served with `--allow-damaged`).
    /// `changeCheckInterval` is how long `changeGeneration()` trusts its last look at other
    /// processes' commits (zero looks on every call).
    public init(
        path: String, mode: Mode = .readWrite, waitingWriterLimit: Int = .max,
        connectionLimit: Int = Database.defaultConnectionLimit, readOnlyReason: String? = nil,
        changeCheckInterval: Duration = Database.defaultChangeCheckInterval
    ) throws {
        self.path = path
        self.mode = mode
        self.connectionLimit = max(1, connectionLimit)
        self.waitingWriterLimit = max(1, waitingWriterLimit)
        self.readOnlyReason =
            readOnlyReason ?? (mode == .readOnly ? "the database was opened read-only" : nil)
        let first = try Connection(path: path, readOnly: mode == .readOnly)
        try Schema.prepare(first, path: path)
        self.pool = ConnectionPool([first], capacity: self.connectionLimit)
        self.openedFiles = mode == .readWrite ? OpenedFiles(file: path) : nil
        self.changes = ChangeWatch(path: path, readOnly: mode == .readOnly, interval: changeCheckInterval)
    }

    /// A number that moves whenever the database may have changed: what every cache over this
    /// database compares instead of querying it. A cache that read the generation *before*
    /// reading its data, and holds that pair, is current as long as the generation is the same.
    ///
    /// This process's writes move it before their `transaction` call returns (read-your-writes,
    /// on every thread). A commit by another process (or another `Database` on the same file)
    /// that completed at time T moves it for every call that begins after T +
    /// `changeCheckInterval` and finds no other thread's check in flight; a call that finds one
    /// does not wait for it and may answer the generation from before it, so every call that
    /// begins after T + `changeCheckInterval` + the longest one check takes (one
    /// `PRAGMA data_version`) sees the commit (`ChangeWatch` says exactly). Cheap: an atomic
    /// load, plus one `PRAGMA data_version` per interval, and no thread ever waits on another.
    public func changeGeneration() -> UInt64 {
        changes.current()
    }

    /// Lends a session to `body` for its duration (see `withConnection`).
    public func withSession<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        try withConnection(body)
    }

    /// Lends a connection to `body` for its duration: the SQLite handle itself, for what only
    /// SQLite has (migrations, backups, integrity checks). Use the connection only inside `body`; a
    /// nested `transaction` on `self` from inside another would wait for its own write lock.
    @discardableResult
    public func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try pool.take() ?? Connection(path: path, readOnly: mode == .readOnly)
        var keep = true
        defer {
            // SQLite falls back to a read-only open when the file or its file system is read-only;
            // such a connection is not kept, so writes resume once the cause is gone (no restart).
            if keep, mode == .readOnly || !connection.isOpenedReadOnly { pool.giveBack(connection) }
        }
        do {
            return try body(connection)
        } catch let error as StorageError where mode == .readWrite && error.sqliteCode == SQLITE_READONLY {
            // A connection opened read-write can still be refused writes for good (a file system
            // remounted read-only under it, a -shm it can no longer write): it, and every idle
            // one that may share its fate, is closed, and the next borrower opens a fresh one,
            // so writes resume once the cause is fixed, after the Retry-After of the 503.
            keep = false
            pool.discardIdle()
            throw error
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction on a borrowed connection: all of its
    /// writes commit together, or none do if it throws.
    ///
    /// Writers of this process queue on `writeLock` before `BEGIN IMMEDIATE`: SQLite's busy
    /// handler waits by sleeping and polling (up to 100 ms a round), which under eight contending
    /// threads cost more than the writes themselves; a blocking lock hands over as soon as the
    /// previous commit is done. Other processes (a CLI import while the server runs) still meet
    /// SQLite's lock and its busy timeout.
    ///
    /// Every wait is bounded: `writeWait` in all for the first `waitingWriterLimit` waiters
    /// (`overflowWriteLockWait` beyond), ending in `StorageError.writersQueued` or SQLite's
    /// `SQLITE_BUSY`. Once the lock is held, the files are checked to still be the ones opened (`StorageError.filesReplaced`), so no write is acknowledged into
    /// a deleted directory.
    @discardableResult
    public func transaction<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        if let readOnlyReason {
            throw StorageError.sqlite(code: SQLITE_READONLY, message: readOnlyReason, context: "write")
        }
        let deadline = Date(timeIntervalSinceNow: Self.writeWait)
        return try withConnection { connection in
            try withWriteLock(until: deadline) {
                if let change = openedFiles?.change() { throw StorageError.filesReplaced(change) }
                let left = Int32(clamping: Int(deadline.timeIntervalSinceNow * 1000))
                connection.setBusyTimeout(milliseconds: max(1, min(left, Connection.busyTimeoutMilliseconds)))
                // After COMMIT (or ROLLBACK): a failed write may have changed things too, and a
                // needless reload costs less than a stale cache.
                defer { changes.recordWrite() }
                let result = try connection.transaction(body)
                // A committed write is fresher evidence than `/readyz`'s cached probe (which may
                // still say "not writable" from before the cause was fixed).
                writeProbeCache.forget()
                return result
            }
        }
    }

    private func withWriteLock<T>(until deadline: Date, _ body: () throws -> T) throws -> T {
        if !writeLock.try() {
            let waiting = waitingWriters.add(1, ordering: .relaxed).newValue
            defer { waitingWriters.subtract(1, ordering: .relaxed) }
            let overflow = Date(timeIntervalSinceNow: Self.overflowWriteLockWait)
            guard writeLock.lock(before: waiting <= waitingWriterLimit ? deadline : min(deadline, overflow))
            else {
                throw StorageError.writersQueued(waiting: waiting)
            }
        }
        defer { writeLock.unlock() }
        return try body()
    }

    /// Runs `body` on a borrowed connection inside a read transaction: one consistent snapshot.
    public func snapshot<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        try withConnection { try $0.snapshot(body) }
    }

    /// Copies every page of the write-ahead log into the database file and empties the log
    /// (`wal_checkpoint(TRUNCATE)`), so the file alone holds every write (at a server's stop).
    /// Another process reading at the same moment leaves the log partly copied, which is no
    /// loss: SQLite reads both. A database opened read-only has nothing of its own to copy.
    public func checkpoint() throws {
        guard readOnlyReason == nil else { return }
        try withConnection { connection in
            _ = try connection.query("PRAGMA wal_checkpoint(TRUNCATE)") { _ in () }
        }
    }

    /// The schema version stored in the file (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        try withConnection { try $0.integer("PRAGMA user_version") }
    }

    /// Runs `PRAGMA integrity_check` and answers its report: exactly `"ok"` when the file is sound.
    public func integrityCheck() throws -> String {
        try withConnection(Self.integrityReport)
    }

    /// Runs `PRAGMA quick_check` (the O(N) subset of `integrity_check`, fast enough for every start
    /// and for `/readyz`): exactly `"ok"` when no damage was found.
    public func quickCheck() throws -> String {
        try withConnection { connection in
            try connection.query("PRAGMA quick_check") { $0.text(0) }.joined(separator: "\n")
        }
    }

    /// Checks any SQLite file (a backup, a copy from a user) without migrating or writing it.
    public static func integrityCheck(ofFileAt path: String) throws -> String {
        try integrityReport(Connection(path: path, readOnly: true))
    }

    private static func integrityReport(_ connection: Connection) throws -> String {
        try connection.query("PRAGMA integrity_check") { $0.text(0) }.joined(separator: "\n")
    }
}
