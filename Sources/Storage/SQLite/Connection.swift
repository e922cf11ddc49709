import CSQLite
import Glibc

/// One SQLite connection, configured for pushboard.
///
/// Threading: the HTTP server calls the store from a pool of N threads, and a transaction
/// (`BEGIN IMMEDIATE … COMMIT`) is a property of a connection, so two threads must never share
/// one at the same time. `Database` therefore keeps a pool and lends each connection to one
/// thread at a time; with WAL, readers on other connections never wait for the writer. Each
/// connection is still opened with `SQLITE_OPEN_FULLMUTEX` (SQLite's serialized mode): it costs
/// an uncontended mutex per call and makes the `Sendable` claim below true at the level of memory
/// safety even if a caller ever let a connection escape its closure. Exclusive use is what the
/// pool adds on top, for transaction correctness.
///
/// `@unchecked Sendable`: the `sqlite3` handle is a C pointer, and SQLite's serialized mode
/// (`SQLITE_OPEN_FULLMUTEX`) makes every call on it safe from any thread; the pool lends it to
/// one thread at a time on top.
public final class Connection: SQLSession, @unchecked Sendable {
    /// How long a statement waits for another connection's write lock before failing with
    /// `SQLITE_BUSY`. Writes take milliseconds, so 2 s only runs out when another process holds
    /// the lock (a long import, a sqlite3 shell left in a transaction); the request then gets 503
    /// `busy` in bounded time instead of holding its worker thread (issue 12).
    public static let busyTimeoutMilliseconds: Int32 = 2000

    /// The page cache of one connection, in KiB (`PRAGMA cache_size`).
    public static let pageCacheKiB = 256

    /// The `sqlite3*`, for the few calls that need it directly (backup, statements).
    let handle: OpaquePointer
    /// The file this connection reads and writes.
    public let path: String
    /// True when opened with `SQLITE_OPEN_READONLY`.
    public let isReadOnly: Bool

    /// Opens `path` (creating it unless `readOnly`) and applies the per-connection settings.
    init(path: String, readOnly: Bool) throws {
        var flags = SQLITE_OPEN_FULLMUTEX
        flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var database: OpaquePointer?
        // Debian builds SQLite with SQLITE_USE_URI, so a path starting with "file:" would be read as
        // a URI ("file:x?mode=memory" would silently keep nothing); "./" keeps it a file name.
        let fileName = path.hasPrefix("file:") ? "./" + path : path
        let code = sqlite3_open_v2(fileName, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_close_v2(database)
            throw StorageError.sqlite(
                code: code, message: message ?? String(cString: sqlite3_errstr(code)),
                context: "open \(path)")
        }
        self.handle = database
        self.path = path
        self.isReadOnly = readOnly
        sqlite3_extended_result_codes(database, 1)
        sqlite3_busy_timeout(database, Self.busyTimeoutMilliseconds)
        try configure()
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    private func configure() throws {
        // Durability: every write answered 2xx must survive a SIGKILL of the process. In WAL mode a
        // COMMIT returns only after its frames were written to the -wal file with write(2); the
        // kernel owns those bytes from then on, so killing the process cannot lose them, even with
        // synchronous=NORMAL. NORMAL would however lose the last commits on a power cut or kernel
        // crash (it fsyncs only at checkpoints). Pushboard's writes are human-paced saves that must
        // not be lost, so we pay one fsync per commit and use FULL, which survives power loss too.
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA synchronous = FULL")
        // Schema objects never run functions with side effects (defence in depth for a file
        // that was tampered with).
        try execute("PRAGMA trusted_schema = OFF")
        // A fixed page cache per connection, so the pool's memory is bounded by design: at most
        // `Database.connectionLimit` × this. SQLite's default (2 MiB) fills slowly as the
        // revision tables grow, so a long-running server's memory crept up for minutes (make
        // soak; SQLite was the largest heap user in heaptrack). Reads the cache misses come from
        // the kernel's page cache.
        try execute("PRAGMA cache_size = -\(Self.pageCacheKiB)")
    }

    /// Runs fixed SQL with no parameters (pragmas, migrations). Never pass text built from input:
    /// use `run(_:_:)` with bound values for that.
    public var dialect: SQLDialect { .sqlite }

    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw StorageError.sqlite(
                code: Self.resolvedCode(handle, code: code), message: text, context: "execute \(sql)")
        }
    }

    /// Prepares one statement; the caller binds and steps it.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: handle, sql: sql)
    }

    /// Runs a statement that returns no rows and answers how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes64(handle))
    }

    /// Runs a query and maps every row with `row`, which reads the columns it needs.
    public func query<Row>(
        _ sql: String, _ values: [SQLValue] = [], row: (any SQLRow) throws -> Row
    ) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(try row(statement))
        }
        return rows
    }

    /// Runs a query and maps its first row, or answers nil when there is none.
    public func queryFirst<Row>(
        _ sql: String, _ values: [SQLValue] = [], row: (any SQLRow) throws -> Row
    ) throws -> Row? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? row(statement) : nil
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    ///
    /// IMMEDIATE takes the write lock up front, so a read-then-write (an optimistic revision check)
    /// can never be overtaken by another writer between its read and its write, and lock waits
    /// happen at BEGIN, inside the busy timeout, instead of failing half-way.
    @discardableResult
    public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body(self)
            try execute("COMMIT")
        } catch {
            // A failed COMMIT may already have rolled back; only roll back what is still open.
            if sqlite3_get_autocommit(handle) == 0 {
                try? execute("ROLLBACK")
            }
            throw error
        }
        return result
    }

    /// Runs `body` inside a deferred (read) transaction, so several queries see one snapshot
    /// even while other connections commit.
    public func snapshot<T>(_ body: (Connection) throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer {
            if sqlite3_get_autocommit(handle) == 0 {
                try? execute("COMMIT")
            }
        }
        return try body(self)
    }

    /// Sets how long the next statements wait for another connection's lock (`Database` gives a
    /// write what is left of its `writeWait`).
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// True when SQLite opened the file read-only although asked for read-write (a read-only file
    /// or file system).
    var isOpenedReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    /// True outside any transaction; the pool refuses to take back a connection left inside one.
    var isInAutocommit: Bool {
        sqlite3_get_autocommit(handle) != 0
    }

    /// The error for `code` with SQLite's current message on `database`.
    ///
    /// An I/O error whose system errno is `ENOSPC` or `EROFS` is reported as `SQLITE_FULL` or
    /// `SQLITE_READONLY`: SQLite says "disk I/O error" for a write(2) that failed either way, and
    /// callers answer the two differently (507 and 503 with `Retry-After`, not 500).
    static func error(_ database: OpaquePointer, code: Int32, context: String) -> StorageError {
        .sqlite(
            code: resolvedCode(database, code: code), message: String(cString: sqlite3_errmsg(database)),
            context: context)
    }

    private static func resolvedCode(_ database: OpaquePointer, code: Int32) -> Int32 {
        let extended = sqlite3_extended_errcode(database)
        let resolved = (extended & 0xff) == (code & 0xff) ? extended : code
        guard resolved & 0xff == SQLITE_IOERR else { return resolved }
        switch sqlite3_system_errno(database) {
        case ENOSPC: return SQLITE_FULL
        case EROFS: return SQLITE_READONLY
        default: return resolved
        }
    }
}
