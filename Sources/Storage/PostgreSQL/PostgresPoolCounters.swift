import Concurrency
import Foundation
import Synchronization

/// The counters behind a pool's `DatabaseStatistics`: connections lent, waits for one, and each
/// statement's duration. The durations are kept per thread (`PerThread`), each thread's copy
/// behind a lock only the scrape also takes, so statements on different worker threads never
/// wait for each other to be counted.
final class PostgresPoolCounters: Sendable {
    /// Connections lent now.
    let lent = Atomic<Int>(0)
    /// Borrowers that had to wait.
    let waits = Atomic<Int>(0)
    /// Their waiting, in nanoseconds.
    let waitNanoseconds = Atomic<Int>(0)
    private let latency = PerThread { Locked(LatencyHistogram()) }
    /// For threads that got no copy of their own (the process ran out of thread keys).
    private let sharedLatency = Locked(LatencyHistogram())

    /// A statement took `seconds`.
    func recordStatement(seconds: Double) {
        (latency.local() ?? sharedLatency).withLock { $0.observe(seconds) }
    }

    /// A borrower waited `nanoseconds` for a connection.
    func recordWait(nanoseconds: UInt64) {
        waits.add(1, ordering: .relaxed)
        waitNanoseconds.add(Int(clamping: nanoseconds), ordering: .relaxed)
    }

    /// Every thread's statement durations added up.
    var statementLatency: LatencyHistogram {
        latency.all.reduce(sharedLatency.withLock { $0 }) { total, shard in
            total.adding(shard.withLock { $0 })
        }
    }

    /// Runs `body`, counting how long it took as one statement.
    func timed<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { recordStatement(seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        return try body()
    }
}
