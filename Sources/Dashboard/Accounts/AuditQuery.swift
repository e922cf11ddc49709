import HTTPKit
import JSON
import Storage

/// The audit trail's filters as the page and `GET /api/v1/audit` take them: `user` (a user
/// name, or `token:NAME`), `object` (a prefix of the object, such as
/// `/categories/message`), `since` and `until` (ISO 8601 times or prefixes of them,
/// `2026-12-01`), `limit` (1–1000, default 200) and `offset` (events to skip, newest first).
enum AuditQuery {
    /// The filter `query` asks for; a bad `limit` or `offset` is a 400 naming the field.
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
        if let offset = nonEmpty("offset") {
            guard let number = Int(offset), (0...Int(Int32.max)).contains(number) else {
                throw HTTPError(
                    .unreadableField, message: "offset must be a whole number from 0 to \(Int32.max).")
            }
            filter.offset = number
        }
        return filter
    }

    /// The offset of the page after `filter`'s, or nil when it is the last of `total` events.
    static func nextOffset(_ filter: AuditFilter, total: Int) -> Int? {
        filter.offset + filter.limit < total ? filter.offset + filter.limit : nil
    }

    /// The address of the page at `offset` with `filter`'s other fields, for `path` (`/audit`
    /// or `/api/v1/audit`).
    static func address(_ path: String, _ filter: AuditFilter, offset: Int) -> String {
        var items = [
            ("user", filter.actor), ("object", filter.objectPrefix), ("since", filter.since),
            ("until", filter.until),
        ].compactMap { name, value in value.map { (name, $0) } }
        if filter.limit != AuditFilter().limit { items.append(("limit", String(filter.limit))) }
        if offset > 0 { items.append(("offset", String(offset))) }
        guard !items.isEmpty else { return path }
        let pairs: [String] = items.map { name, value in name + "=" + PercentEncoding.encoded(value) }
        return path + "?" + pairs.joined(separator: "&")
    }

    /// `{"events": [{"at", "actor", "action", "object", "detail", "client"}…], "total", "limit",
    /// "offset", "nextOffset", "next"}`, newest first; `nextOffset` and `next` (the next page's
    /// address) are left out on the last page. The paging fields are additions.
    static func json(_ events: [AuditEvent], total: Int, filter: AuditFilter) -> JSONValue {
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
        var object = JSONObjectBuilder()
        object.set("events", JSONValue.list(items))
        object.set("total", total)
        object.set("limit", filter.limit)
        object.set("offset", filter.offset)
        let next = nextOffset(filter, total: total)
        object.set("nextOffset", next)
        object.set("next", next.map { address("/api/v1/audit", filter, offset: $0) })
        return object.value
    }
}
