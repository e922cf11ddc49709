import Access
import Concurrency
import Foundation
import Storage

/// The access tables' upkeep, off the request path: deletes audit events older than the
/// retention and expired sessions (at start, then every `pruneInterval`), and writes the
/// summaries of failed logins whose minute has ended (`LoginFailureLog`). What it pruned is
/// logged, counted in `/metrics` (`pushboard_pruned_rows_total`) and shown on `/audit`.
///
/// `serve` runs it on a thread of its own (`start()`, `stop()`); in-process tests call
/// `run(now:)` themselves.
final class AccessHousekeeping: Sendable {
    /// What one pruning removed, and when.
    struct Pruning: Equatable, Sendable {
        /// When it ran.
        let at: Date
        /// Audit events deleted.
        let auditEvents: Int
        /// Sessions deleted.
        let sessions: Int
        /// Send log records deleted (kept as long as audit events).
        var sends = 0
    }

    /// How long audit events are kept.
    let retention: TimeInterval
    /// How often the tables are pruned.
    let pruneInterval: TimeInterval
    /// How often ended minutes of failed logins are written.
    let tickInterval: TimeInterval
    private let access: AccessControl
    private let trail: AuditTrail
    private let failures: LoginFailureLog
    /// The send log, pruned with the audit trail's retention (nil: none to prune).
    private let sendLog: SendLogStore?
    private let state = Locked<(last: Pruning?, next: Date?, running: Bool)>((nil, nil, false))
    private let wake = NSCondition()
    private let stopped = DispatchSemaphore(value: 0)

    /// Upkeep keeping audit events `retentionDays` days.
    init(
        access: AccessControl, trail: AuditTrail, failures: LoginFailureLog, retentionDays: Int,
        pruneInterval: TimeInterval = 3600, tickInterval: TimeInterval = 15, sendLog: SendLogStore? = nil
    ) {
        self.sendLog = sendLog
        self.access = access
        self.trail = trail
        self.failures = failures
        self.retention = Double(retentionDays) * 86_400
        self.pruneInterval = pruneInterval
        self.tickInterval = tickInterval
    }

    /// The last pruning, for the audit page.
    var lastPruning: Pruning? {
        state.withLock { $0.last }
    }

    /// One round: the summaries of ended minutes, and the pruning when it is due (or `prune`).
    /// A failure is logged and the round goes on; the next one tries again.
    @discardableResult
    func run(now: Date = Date(), prune: Bool = false) -> Pruning? {
        writeEndedMinutes(now: now)
        let due = state.withLock { state in prune || state.next.map { now >= $0 } ?? true }
        guard due else { return nil }
        do {
            var pruning = Pruning(
                at: now, auditEvents: try trail.store.prune(before: now.addingTimeInterval(-retention)),
                sessions: try access.removeExpiredSessions(now: now))
            pruning.sends = try sendLog?.prune(before: now.addingTimeInterval(-retention)) ?? 0
            state.withLock {
                $0.last = pruning
                $0.next = now.addingTimeInterval(pruneInterval)
            }
            trail.metrics.recordPruned(pruning.auditEvents, from: "audit_events")
            trail.metrics.recordPruned(pruning.sessions, from: "sessions")
            if sendLog != nil { trail.metrics.recordPruned(pruning.sends, from: "sends") }
            trail.log.event(
                "prune",
                "retention: deleted \(pruning.auditEvents) audit event(s) older than "
                    + "\(Int(retention / 86_400)) days and \(pruning.sessions) expired session(s)",
                fields: ["auditEvents": String(pruning.auditEvents), "sessions": String(pruning.sessions)])
            return pruning
        } catch {
            state.withLock { $0.next = now.addingTimeInterval(min(pruneInterval, 60)) }
            trail.log.event("prune-failed", "retention: pruning failed: \(error)", level: "error")
            return nil
        }
    }

    /// Writes the summaries of the minutes of failed logins that ended by `now`.
    func writeEndedMinutes(now: Date = Date()) {
        for summary in failures.endedMinutes(now: now) { trail.note(summary) }
    }

    /// Starts the upkeep thread: a round at once, then one every `tickInterval`.
    func start() {
        state.withLock { $0.running = true }
        let thread = Thread { [self] in
            while state.withLock({ $0.running }) {
                run()
                wake.lock()
                if state.withLock({ $0.running }) {
                    _ = wake.wait(until: Date(timeIntervalSinceNow: tickInterval))
                }
                wake.unlock()
            }
            // Failures of the last minutes are written before the database closes.
            writeEndedMinutes(now: .distantFuture)
            stopped.signal()
        }
        thread.name = "pushboard-housekeeping"
        thread.start()
    }

    /// Stops the thread started by `start()` and waits for its last round (which writes the
    /// pending summaries).
    func stop() {
        let wasRunning = state.withLock { state in
            defer { state.running = false }
            return state.running
        }
        guard wasRunning else { return }
        wake.lock()
        wake.broadcast()
        wake.unlock()
        stopped.wait()
    }
}
