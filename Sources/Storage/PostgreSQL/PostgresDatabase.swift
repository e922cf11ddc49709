import Concurrency
import Foundation
import Synchronization

/// The workspace in a PostgreSQL database shared by several pushboard instances: the
/// `StoreDatabase` the stores speak to when `--database postgresql://…` is given.
///
/// **Writes are serialized across instances** the way SQLite serializes them within one file:
/// every `transaction` takes one transaction-scoped advisory lock (`writeLockKey`) as its first
/// statement, so the revision checks inside it (read the current revision, compare, write the
/// next) can never interleave with another instance's; the lock is released by COMMIT or
/// ROLLBACK, and waiting for it is bounded by `lock_timeout` (then 503 `busy`).
///
/// **Caches follow other instances' commits:** each write transaction sends a notification on
/// `changeChannel` (delivered only when it commits); a listener thread holding its own
/// connection moves `changeGeneration()` when one arrives, within milliseconds. When the
/// listening connection is lost, the generation moves on every reconnect attempt, so caches
/// reload rather than trust what they may have missed.
public final class PostgresDatabase: StoreDatabase, Sendable {
    /// The advisory lock every write transaction holds (an arbitrary constant: "PUSHBOAR").
    static let writeLockKey: Int64 = 0x5055_5348_424F_4152
    /// The channel write transactions notify and every instance listens to.
    static let changeChannel = "pushboard_changes"
    /// Connections each instance keeps at most.
    public static let defaultConnectionLimit = 8

    /// Where the database is (as given: it may hold a password, so it is never shown).
    let connectionString: String
    private let pool: PostgresPool
    private let generation = Atomic<UInt64>(1)
    private let listener: PostgresChangeListener

    /// Connects to `connectionString` (checking it once, so a wrong address fails here), brings
    /// the schema to this binary's version (`PostgresSchema`; a newer one is refused) and starts
    /// following other instances' commits.
    public init(
        connectionString: String, limits: PostgresConnection.Limits = .init(),
        connectionLimit: Int = PostgresDatabase.defaultConnectionLimit
    ) throws {
        self.connectionString = connectionString
        self.pool = PostgresPool(
            connectionString: connectionString, limits: limits, capacity: connectionLimit)
        try pool.withConnection { try PostgresSchema.prepare($0) }
        self.listener = PostgresChangeListener(
            connectionString: connectionString, limits: limits, channel: Self.changeChannel)
        listener.start { [weak self] in self?.moveGeneration() }
    }

    deinit {
        listener.requestStop()
    }

    private func moveGeneration() {
        generation.add(1, ordering: .sequentiallyConsistent)
    }

    /// The schema version the database is at (`PostgresSchema`).
    public func schemaVersion() throws -> Int {
        try pool.withConnection { try $0.integer("SELECT version FROM pushboard_schema") }
    }

    /// One check, `database`: a connection of the pool answers and the schema is this binary's.
    /// Unreachable (stopped, restarting, every connection busy past the pool's wait) fails it,
    /// so a load balancer sends traffic to another instance meanwhile.
    public func readiness(quickCheck: Bool) -> Readiness {
        let check: Readiness.Check
        do {
            let version = try schemaVersion()
            check =
                version == PostgresSchema.latestVersion
                ? .init(
                    name: "database", passed: true, message: "PostgreSQL answers; schema version \(version)")
                : .init(
                    name: "database", passed: false,
                    message:
                        "PostgreSQL schema version \(version), this pushboard knows \(PostgresSchema.latestVersion)"
                )
        } catch {
            check = .init(name: "database", passed: false, message: "PostgreSQL is unavailable: \(error)")
        }
        return Readiness(checks: [check])
    }

    /// The pool's connections and waits and the statements' durations, for `/metrics`.
    public func statistics() -> DatabaseStatistics? {
        pool.statistics()
    }

    public func changeGeneration() -> UInt64 {
        generation.load(ordering: .sequentiallyConsistent)
    }

    public func withSession<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        try pool.withConnection { try body($0) }
    }

    @discardableResult
    public func transaction<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        try writeTransaction(waitForLock: true, body)!
    }

    public func transactionIfUnlocked<T>(_ body: (any SQLSession) throws -> T) throws -> T? {
        try writeTransaction(waitForLock: false, body)
    }

    public func snapshot<T>(_ body: (any SQLSession) throws -> T) throws -> T {
        try pool.withConnection { connection in
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            do {
                let result = try body(connection)
                try connection.execute("COMMIT")
                return result
            } catch {
                Self.rollBack(connection)
                throw error
            }
        }
    }

    /// BEGIN, the write lock (waited for, or only if free), `body`, the change notification,
    /// COMMIT; ROLLBACK on any error. Nil when `waitForLock` is false and another holds the lock.
    private func writeTransaction<T>(waitForLock: Bool, _ body: (any SQLSession) throws -> T) throws -> T? {
        try pool.withConnection { connection in
            try connection.execute("BEGIN")
            do {
                if waitForLock {
                    try connection.run("SELECT pg_advisory_xact_lock(?)", [.integer(Self.writeLockKey)])
                } else {
                    let granted = try connection.integer(
                        "SELECT pg_try_advisory_xact_lock(?)", [.integer(Self.writeLockKey)])
                    guard granted == 1 else {
                        try connection.execute("ROLLBACK")
                        return nil
                    }
                }
                let result = try body(connection)
                try connection.run("SELECT pg_notify(?, '')", [.text(Self.changeChannel)])
                // After COMMIT, and after a failed one too: a needless reload costs less than a
                // stale cache (read-your-writes on every thread of this instance).
                defer { moveGeneration() }
                try connection.execute("COMMIT")
                return result
            } catch {
                Self.rollBack(connection)
                throw error
            }
        }
    }

    /// Ends a failed transaction; a connection that cannot even roll back is broken and is
    /// dropped by the pool.
    private static func rollBack(_ connection: PostgresConnection) {
        guard !connection.isBroken else { return }
        try? connection.execute("ROLLBACK")
    }
}
