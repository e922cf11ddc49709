public import Concurrency

/// What `/metrics` shows of a database's connection pool and statement latency: how full the
/// pool is, how often and how long requests waited for a connection, and how long statements
/// took. Only PostgreSQL has them (`StoreDatabase.statistics()`): its pool is bounded per
/// instance and its statements cross the network, so both can become the bottleneck. SQLite's
/// connections are a per-process cache of file handles, and what its requests wait for, the
/// write lock, is counted already (`pushboard_database_busy_total`).
public struct DatabaseStatistics: Sendable {
    /// Connections open now (idle plus in use).
    public var open: Int
    /// Open connections waiting for a borrower.
    public var idle: Int
    /// Connections lent to a request now.
    public var inUse: Int
    /// The most connections the pool opens.
    public var capacity: Int
    /// Borrowers that found every connection lent and had to wait (those that then gave up
    /// included).
    public var waits: Int
    /// The time those borrowers waited, in seconds.
    public var waitSeconds: Double
    /// How long each statement took, from sending it to its whole answer.
    public var statementLatency: LatencyHistogram

    public init(
        open: Int, idle: Int, inUse: Int, capacity: Int, waits: Int, waitSeconds: Double,
        statementLatency: LatencyHistogram
    ) {
        self.open = open
        self.idle = idle
        self.inUse = inUse
        self.capacity = capacity
        self.waits = waits
        self.waitSeconds = waitSeconds
        self.statementLatency = statementLatency
    }
}
