import Foundation
import HTTPKit
import Storage

/// The dashboard's one way to write the audit trail: a write that fails is counted
/// (`pushboard_audit_write_failures_total`), logged with what it would have recorded, and
/// answered, never dropped silently (issue 24).
struct AuditTrail: Sendable {
    /// Where events are kept.
    let store: AuditStore
    /// Counts the failures.
    let metrics: Metrics
    /// Says what was lost.
    let log: ServerLog

    /// How long the record of a change waits in all for the write lock, over several of the
    /// database's own bounded waits. The change is already committed, so a worker held a few
    /// seconds longer costs less than a 503 for a change that was made: with eight writers on
    /// one category, a busy machine let one record's single wait (2 s) run out.
    static let recordWait: TimeInterval = 10

    /// Records an event the request must not succeed without (a change, a login, an admin's
    /// action), waiting for a busy database up to `recordWait`: when it still cannot be
    /// written the request is answered 503 `audit.failed`, saying whether its change was
    /// already made.
    func record(
        actor: String, action: String, object: String, detail: String = "", client: String,
        changeMade: Bool = true
    ) throws(HTTPError) {
        let deadline = Date(timeIntervalSinceNow: Self.recordWait)
        do {
            while true {
                do {
                    try store.record(
                        actor: actor, action: action, object: object, detail: detail, client: client)
                    return
                } catch let error as StorageError where error.isBusy && Date() < deadline {
                    continue
                }
            }
        } catch {
            failed(action: action, object: object, client: client, error: error)
            let done = changeMade ? "The change was made, but it" : "It"
            throw HTTPError(
                .auditFailed,
                message: "\(done) could not be written to the audit trail (\(Self.reason(error))); "
                    + "the server log has the details. Check before repeating it.",
                headers: ["Retry-After": "1"])
        }
    }

    /// Records an event about an attempt (a failed login, a token's use): when it cannot be
    /// written, it is counted and logged and the request goes on, so a locked database cannot
    /// turn failed logins into 503s.
    func note(actor: String, action: String, object: String, detail: String = "", client: String) {
        do {
            try store.record(actor: actor, action: action, object: object, detail: detail, client: client)
        } catch {
            failed(action: action, object: object, client: client, error: error)
        }
    }

    /// Records the summary of an address's minute of failed logins (`LoginFailureLog`).
    func note(_ summary: LoginFailureLog.Summary) {
        note(
            actor: summary.address, action: "login.failed.summary", object: "login", detail: summary.detail,
            client: summary.address)
    }

    private func failed(action: String, object: String, client: String, error: any Error) {
        metrics.recordAuditWriteFailure()
        log.event(
            "audit-failed", "audit event \(action) \(object) from \(client) was not written: \(error)",
            level: "error", fields: ["action": action, "object": object, "client": client])
    }

    private static func reason(_ error: any Error) -> String {
        guard let storage = error as? StorageError else { return "the database failed" }
        if storage.isBusy { return "the database is busy" }
        if storage.isDiskFull { return "the disk is full" }
        if storage.isReadOnly { return "the database cannot be written" }
        return "the database failed"
    }
}
