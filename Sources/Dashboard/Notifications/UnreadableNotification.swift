import JSON
import Storage

/// A stored notification whose record no longer reads: its payload is not a JSON object or its
/// headers are not one (the database was damaged or edited by hand; nothing saved through
/// Pushboard looks like this, since both are checked before every save).
///
/// The one rule for the list API, the list page and the log at start: such a notification is
/// left out of the rows (which would otherwise show a payload silently read as `{}`) and named,
/// with why, next to them, so the rest of the list still works.
struct UnreadableNotification: Equatable {
    /// The notification's id.
    let id: String
    /// Its name as stored.
    let name: String
    /// Its current revision.
    let revision: Int
    /// What is wrong with the record.
    let reason: String

    /// The problem with `stored`, or nil when its payload and headers read.
    init?(_ stored: StoredNotification) {
        guard let reason = Self.reason(stored) else { return nil }
        self.id = stored.id
        self.name = stored.name
        self.revision = stored.revision
        self.reason = reason
    }

    private static func reason(_ stored: StoredNotification) -> String? {
        let payload = JSONReader.apns.read(stored.payload)
        guard let root = payload.root else {
            let first = payload.diagnostics.first?.message ?? "it does not parse"
            return "The stored payload is not JSON: \(first)"
        }
        guard root.value.objectMembers != nil else { return "The stored payload is not a JSON object." }
        guard JSONReader.apns.read(stored.headers).root?.value.objectMembers != nil else {
            return "The stored headers are not a JSON object."
        }
        return nil
    }

    /// The entry of the list API's `unreadable` array: `{"id", "name", "revision", "reason"}`.
    var jsonValue: JSONValue {
        var object = JSONObjectBuilder()
        object.set("id", id)
        object.set("name", name)
        object.set("revision", revision)
        object.set("reason", reason)
        return object.value
    }
}
