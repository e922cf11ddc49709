import Concurrency

/// One change a request made, named by the handler that made it: a named action
/// (`settings.update`, `categories.replace`, `notifications.create`, …), the object it changed
/// and what changed, for the audit trail.
struct AuditedChange: Sendable, Hashable {
    /// The named action, `<object kind>.<verb>`: what `/audit` lists and filters by.
    let action: String
    /// What was changed: the address a person opens to see it (`/categories/message`).
    let object: String
    /// What changed, in a few words ("appName, accentColor"; "2 added, 1 changed").
    let detail: String
}

/// The changes the running request made, collected while its handler runs and recorded by the
/// authentication step once it is answered below 400. A handler names each change it makes, so
/// a read-only post (a preview, an export, a dry run) records nothing and a write records what
/// it changed, not the method and path it came by. A task-local, like `PageSession`: it lives
/// exactly as long as the request's handler runs on its thread.
final class AuditedChanges: Sendable {
    private let changes = Locked<[AuditedChange]>([])

    /// The changes noted so far, in order.
    var all: [AuditedChange] {
        changes.withLock { $0 }
    }

    /// The collector of the request being handled; nil outside one (tests calling handlers
    /// directly, the command line).
    @TaskLocal static var current: AuditedChanges?

    /// Notes that the running request made a change: `action` on `object`, with what changed.
    static func note(_ action: String, object: String, detail: String = "") {
        current?.changes.withLock { $0.append(AuditedChange(action: action, object: object, detail: detail)) }
    }
}
