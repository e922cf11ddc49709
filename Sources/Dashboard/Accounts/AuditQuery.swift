import HTTPKit
import JSON
import Storage

/// The audit trail's filters as the page and `GET /api/v1/audit` take them: `user` (a user
/// name, or `token:NAME`), `object` (a prefix of the object, such as
/// `/api/v1/categories/message`), `since` and `until` (ISO 8601 times or prefixes of them,
/// `2026-12-01`), `limit` (1–1000, default 200).
enum AuditQuery {
    /// The filter `query` asks for; a bad `limit` is a 400 naming the field.
    static func filter(_ query: FormFields) throws -> AuditFilter {
        func nonEmpty(_ name: String) -> String? {
            guard let value = query[name], !value.isEmpty else { return nil }
            return String(value.prefix(200))
        }
        var filter = AuditFilter(
            actor: nonEmpty("user"), objectPrefix: nonEmpty("object"), since: nonEmpty("since"),
            until: nonEmpty("until"))
        if let limit = nonEmpty("limit") {
            guard let number = Int(limit), (1...1000).contains(number) else {
                throw HTTPError(.unreadableField, message: "limit must be a whole number from 1 to 1000.")
            }
            filter.limit = number
        }
        return filter
    }

    /// `{"events": [{"at", "actor", "action", "object", "detail", "client"}…]}`, newest first.
    static func json(_ events: [AuditEvent]) -> JSONValue {
        let items = events.map { event in
            var object = JSONObjectBuilder()
            object.set("at", event.at)
            object.set("actor", event.actor)
            object.set("action", event.action)
            object.set("object", event.object)
            object.set("detail", event.detail)
            object.set("client", event.client)
            return object.value
        }
        return JSONObjectBuilder().setting("events", JSONValue.list(items)).value
    }
}
