import Concurrency
import Foundation

/// At most `capacity` connections to one PostgreSQL database, lent to one thread at a time.
///
/// Bounded both ways: no more connections than `capacity` are ever open (a server with 64
/// worker threads does not open 64 connections each instance), and a thread that finds every
/// connection lent waits at most `borrowWait`, then gets `StorageError.databaseUnavailable`
/// (503 with `Retry-After`), never an unbounded queue. A connection the server dropped is
/// closed when it comes back, and the next borrower opens a fresh one: the pool reconnects by
/// itself after a database restart.
final class PostgresPool: Sendable {
    /// How long a borrower waits for a free connection.
    static let borrowWait: Duration = .seconds(2)

    private let connectionString: String
    private let limits: PostgresConnection.Limits
    private let idle = Locked<[PostgresConnection]>([])
    /// One permit per connection that may be open.
    private let permits: DispatchSemaphore
    private let capacity: Int
    /// What `/metrics` shows of the pool (`statistics()`).
    private let counters = PostgresPoolCounters()

    /// A pool of at most `capacity` connections opened with `connectionString` and `limits`.
    init(connectionString: String, limits: PostgresConnection.Limits, capacity: Int) {
        self.connectionString = connectionString
        self.limits = limits
        self.capacity = max(1, capacity)
        self.permits = DispatchSemaphore(value: max(1, capacity))
    }

    /// How full the pool is, its waits and its statements' durations.
    func statistics() -> DatabaseStatistics {
        let idle = idle.withLock { $0.count }
        let inUse = counters.lent.load(ordering: .relaxed)
        return DatabaseStatistics(
            open: idle + inUse, idle: idle, inUse: inUse, capacity: capacity,
            waits: counters.waits.load(ordering: .relaxed),
            waitSeconds: Double(counters.waitNanoseconds.load(ordering: .relaxed)) / 1e9,
            statementLatency: counters.statementLatency)
    }

    /// Lends a connection to `body`: an idle one, or a new one while under capacity.
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        guard borrowPermit() else {
            throw StorageError.databaseUnavailable("every PostgreSQL connection of this instance is busy")
        }
        defer { permits.signal() }
        let connection =
            try idle.withLock { $0.popLast() }
            ?? PostgresConnection(connectionString, limits: limits, counters: counters)
        counters.lent.add(1, ordering: .relaxed)
        defer {
            counters.lent.subtract(1, ordering: .relaxed)
            giveBack(connection)
        }
        return try body(connection)
    }

    /// Takes a permit at once, or waits for one up to `borrowWait`, counting the wait; false
    /// when none came.
    private func borrowPermit() -> Bool {
        if permits.wait(timeout: .now()) == .success { return true }
        let start = DispatchTime.now()
        let waited = permits.wait(
            timeout: start + .milliseconds(Int(Self.borrowWait.components.seconds * 1000)))
        counters.recordWait(nanoseconds: DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds)
        return waited == .success
    }

    /// Keeps `connection` for the next borrower unless it is broken or still in a transaction.
    private func giveBack(_ connection: PostgresConnection) {
        guard !connection.isBroken, !connection.isInTransaction else { return }
        idle.withLock { $0.append(connection) }
    }
}
