public import Concurrency

/// What the stores need from a database, and all they may use: sessions that run SQL with bound
/// values, write transactions, read snapshots, and a change generation for the caches above.
///
/// It is the seam for a second backend (PostgreSQL, for a server that must not be one machine):
/// every store (`CategoryStore`, `NotificationStore`, `AccessStore`, `AuditStore`,
/// `ActivityTypeStore`, `SettingsStore`) holds an `any StoreDatabase` and speaks only through
/// it; a `GenerationCache` follows its change generation (it is a `GenerationSource`). `Database` (SQLite, in `SQLite/`) is its one implementation today; the
/// file-level concerns of SQLite (WAL, migrations, backups, integrity checks, the files checked
/// before each write) stay on `Database` and never appear here.
///
/// Revisions (the optimistic checks of every edit) are plain SQL inside `transaction`, which
/// takes the write lock up front, so no reader-then-writer race exists in any backend that
/// honours this contract.
public protocol StoreDatabase: GenerationSource, AnyObject {
    /// Lends a session for reads outside a transaction. Use it only inside `body`.
    func withSession<T>(_ body: (any SQLSession) throws -> T) throws -> T

    /// Runs `body` in one write transaction that holds the write lock from its first statement:
    /// all of its writes commit together, or none do if it throws. Every wait is bounded; a
    /// backend answers `StorageError` (busy, read-only, writers queued) when it runs out.
    func transaction<T>(_ body: (any SQLSession) throws -> T) throws -> T

    /// Runs `body` as `transaction` would, but only if the write lock is free now: nil, having
    /// written nothing and waited for nothing, when it is not. For writes a request can do
    /// without (a session's "last seen" time), so reads never wait for them.
    func transactionIfUnlocked<T>(_ body: (any SQLSession) throws -> T) throws -> T?

    /// Runs `body` in a read transaction: several queries see one consistent snapshot.
    func snapshot<T>(_ body: (any SQLSession) throws -> T) throws -> T

    /// A number that moves whenever the data may have changed, this process's writes included
    /// before `transaction` returns: what every cache compares instead of querying.
    func changeGeneration() -> UInt64

    /// Whether this database can take writes now, for `/readyz` (and, with `quickCheck`, a
    /// deeper check where the backend has one). Never throws: a failure is a failed check.
    func readiness(quickCheck: Bool) -> Readiness

    /// The connection pool and statement figures `/metrics` shows (`DatabaseStatistics`), or nil
    /// for a backend without them (SQLite, see there).
    func statistics() -> DatabaseStatistics?
}

extension StoreDatabase {
    /// No figures: SQLite's connections and waits are not a pool's (`DatabaseStatistics`).
    public func statistics() -> DatabaseStatistics? { nil }
}

/// One session's way to run SQL: statements with values bound to their `?` parameters in order,
/// never text built from input.
public protocol SQLSession: AnyObject {
    /// The SQL this session speaks (see `SQLDialect` for the little that differs).
    var dialect: SQLDialect { get }

    /// Runs fixed SQL with no parameters (pragmas, migrations).
    func execute(_ sql: String) throws

    /// Runs a statement that returns no rows and answers how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int

    /// Runs a query and maps every row with `row`, which reads the columns it needs.
    func query<Row>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> Row) throws -> [Row]

    /// Runs a query and maps its first row, or answers nil when there is none.
    func queryFirst<Row>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> Row) throws -> Row?
}

extension SQLSession {
    /// `run` without values.
    @discardableResult
    public func run(_ sql: String) throws -> Int {
        try run(sql, [])
    }

    /// `query` without values.
    public func query<Row>(_ sql: String, row: (any SQLRow) throws -> Row) throws -> [Row] {
        try query(sql, [], row: row)
    }

    /// `queryFirst` without values.
    public func queryFirst<Row>(_ sql: String, row: (any SQLRow) throws -> Row) throws -> Row? {
        try queryFirst(sql, [], row: row)
    }

    /// Reads a single integer value (a count, a revision, a pragma): 0 when there is no row.
    public func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        try queryFirst(sql, values) { $0.int(0) } ?? 0
    }
}

/// One row of a query's answer, read by 0-based column index. Valid only inside the closure
/// that received it.
public protocol SQLRow {
    /// True when the column holds NULL.
    func isNull(_ column: Int32) -> Bool
    /// The column as text ("" for NULL).
    func text(_ column: Int32) -> String
    /// The column as text, or nil for NULL.
    func optionalText(_ column: Int32) -> String?
    /// The column as a 64-bit integer (0 for NULL).
    func integer(_ column: Int32) -> Int64
    /// The column as an `Int` (0 for NULL).
    func int(_ column: Int32) -> Int
    /// The column as a floating-point number (0 for NULL).
    func real(_ column: Int32) -> Double
    /// The column's bytes (empty for NULL).
    func blob(_ column: Int32) -> [UInt8]
}
