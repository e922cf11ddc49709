import Concurrency
import Foundation
import NotificationKit
import Storage
import Synchronization

/// The counters behind `GET /metrics`: what an operator graphs and alerts on.
///
/// One instance lives as long as the server. The counts are kept per thread (`PerThread`), each
/// thread's behind a lock of its own, so a request's few dictionary increments never wait for
/// another worker thread; the scrape takes each thread's lock in turn and adds the copies up.
/// Every count is exact: nothing is sampled or dropped, and each thread's copy is consistent
/// in itself (a request's series and its latency are counted together).
public final class Metrics: Sendable {
    /// The labels of one request series.
    struct RequestKey: Hashable {
        /// The route pattern (`/api/v1/notifications/{id}`), never the path.
        let route: String
        /// The request method.
        let method: String
        /// The status code answered.
        let status: Int
    }

    /// The labels of one diagnostics series.
    struct DiagnosticKey: Hashable {
        /// The stable diagnostic code (`payload.too-large`).
        let code: String
        /// `error`, `warning` or `info`.
        let severity: String
    }

    /// Every counter, copied whole for a scrape.
    struct Counts {
        /// Requests answered, per route, method and status.
        var requests: [RequestKey: Int] = [:]
        /// Durations per route.
        var latency: [String: LatencyHistogram] = [:]
        /// Validations per result (`true` is valid).
        var validations: [Bool: Int] = [:]
        /// Diagnostics per code and severity.
        var diagnostics: [DiagnosticKey: Int] = [:]
        /// Previews per device.
        var previews: [String: Int] = [:]
        /// Answers 503 because the database stayed locked.
        var databaseBusy = 0
        /// Login attempts per result (`success`, `refused`, `slowed`).
        var logins: [String: Int] = [:]
        /// Audit events that could not be written.
        var auditWriteFailures = 0
        /// Rows deleted by the periodic pruning, per table (`audit_events`, `sessions`).
        var pruned: [String: Int] = [:]
    }

    /// The route label of requests no route or mount covers, so scanners cannot create one
    /// series per path they try.
    static let unmatchedRoute = "unmatched"

    /// Each thread's counters, behind a lock that only the scrape also takes.
    private let shards = PerThread { Locked(Counts()) }
    /// The counters of threads that got no shard of their own (the process ran out of thread keys).
    private let sharedShard = Locked(Counts())
    /// Requests being answered now: an atomic of its own, so a request takes the lock once.
    let inFlight = Atomic<Int>(0)
    /// Reads the listener's open connections, once the server has started.
    let openConnections = Locked<(@Sendable () -> Int?)?>(nil)
    /// Reads the database's pool and statement figures (PostgreSQL only), once the dashboard has
    /// opened it.
    let databaseStatistics = Locked<(@Sendable () -> DatabaseStatistics?)?>(nil)
    /// When the process started counting, for `process_start_time_seconds`.
    let startTime = Date()

    /// Empty counters.
    public init() {}

    /// Lets the scrape report the listener's open connections (the server knows them, the
    /// dashboard does not).
    public func observeOpenConnections(_ provider: @escaping @Sendable () -> Int?) {
        openConnections.withLock { $0 = provider }
    }

    /// Lets the scrape report the database's connection pool and statement latency
    /// (`StoreDatabase.statistics()`; nothing is shown when it answers nil, as SQLite does).
    public func observeDatabase(_ provider: @escaping @Sendable () -> DatabaseStatistics?) {
        databaseStatistics.withLock { $0 = provider }
    }

    /// A request started.
    func requestStarted() {
        inFlight.add(1, ordering: .relaxed)
    }

    /// A request was answered with `status` after `seconds`.
    func requestFinished(route: String?, method: String, status: Int, seconds: Double) {
        let route = route ?? Self.unmatchedRoute
        inFlight.subtract(1, ordering: .relaxed)
        update { counts in
            counts.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            counts.latency[route, default: LatencyHistogram()].observe(seconds)
        }
    }

    /// A payload was validated; its diagnostics are counted by code and severity.
    func recordValidation(_ report: ValidationReport) {
        update { counts in
            counts.validations[report.valid, default: 0] += 1
            for diagnostic in report.diagnostics {
                let key = DiagnosticKey(code: diagnostic.code, severity: diagnostic.severity.rawValue)
                counts.diagnostics[key, default: 0] += 1
            }
        }
    }

    /// A preview was computed for `device`.
    func recordPreview(device: String) {
        update { $0.previews[device, default: 0] += 1 }
    }

    /// A request was answered 503 because the database stayed locked.
    func recordDatabaseBusy() {
        update { $0.databaseBusy += 1 }
    }

    /// A login attempt ended with `result`: `success`, `refused` or `slowed` (429), so an
    /// attack shows here although throttled attempts are not written to the audit trail.
    func recordLogin(_ result: String) {
        update { $0.logins[result, default: 0] += 1 }
    }

    /// An audit event could not be written (the failure is logged and answered as well).
    func recordAuditWriteFailure() {
        update { $0.auditWriteFailures += 1 }
    }

    /// The periodic pruning deleted `count` rows of `table`.
    func recordPruned(_ count: Int, from table: String) {
        update { $0.pruned[table, default: 0] += count }
    }

    /// Every thread's counters added up: what the scrape renders.
    var counts: Counts {
        var total = sharedShard.withLock { $0 }
        for shard in shards.all { total.add(shard.withLock { $0 }) }
        return total
    }

    private func update(_ body: (inout Counts) -> Void) {
        (shards.local() ?? sharedShard).withLock { body(&$0) }
    }
}

extension Metrics.Counts {
    /// Adds another thread's counts to these.
    mutating func add(_ other: Self) {
        requests.merge(other.requests, uniquingKeysWith: +)
        latency.merge(other.latency) { mine, theirs in mine.adding(theirs) }
        validations.merge(other.validations, uniquingKeysWith: +)
        diagnostics.merge(other.diagnostics, uniquingKeysWith: +)
        previews.merge(other.previews, uniquingKeysWith: +)
        databaseBusy += other.databaseBusy
        logins.merge(other.logins, uniquingKeysWith: +)
        auditWriteFailures += other.auditWriteFailures
        pruned.merge(other.pruned, uniquingKeysWith: +)
    }
}
