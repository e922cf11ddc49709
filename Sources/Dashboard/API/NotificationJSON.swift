import JSON
import NotificationKit
import Storage

/// The JSON answers of the notifications API.
enum NotificationJSON {
    /// A stored notification: id, name, headers, payload, revision and who/when.
    static func value(of notification: StoredNotification) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("id", notification.id)
        object.set("name", notification.name)
        object.set("headers", embedded(notification.headers))
        object.set("payload", embedded(notification.payload))
        object.set("revision", notification.revision)
        object.set("createdAt", notification.createdAt)
        object.set("updatedAt", notification.updatedAt)
        object.set("updatedBy", notification.updatedBy)
        return object.value
    }

    /// `{"notifications": [{"id", "name", "updatedAt"}…], "total", "limit", "offset",
    /// "nextOffset"}`: one page of the list; `nextOffset` is left out on the last page.
    static func list(_ page: NotificationListPage, window: ListWindow) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("notifications", list(page.notifications))
        object.set("total", page.total)
        object.set("limit", window.limit)
        object.set("offset", window.offset)
        object.set("nextOffset", window.nextOffset(total: page.total))
        return object.value
    }

    private static func list(_ summaries: [NotificationSummary]) -> JSONValue {
        let items = summaries.map { summary in
            var object = JSONObjectBuilder()
            object.set("id", summary.id)
            object.set("name", summary.name)
            object.set("updatedAt", summary.updatedAt)
            return object.value
        }
        return JSONValue.list(items)
    }

    /// `{"revisions": […]}`, newest first as the store returns them.
    static func revisions(_ revisions: [NotificationRevision]) -> JSONValue {
        let items = revisions.map { revision in
            var object = JSONObjectBuilder()
            object.set("revision", revision.revision)
            object.set("name", revision.name)
            object.set("headers", embedded(revision.headers))
            object.set("payload", embedded(revision.payload))
            object.set("updatedAt", revision.changedAt)
            object.set("updatedBy", revision.changedBy)
            return object.value
        }
        return JSONObjectBuilder().setting("revisions", JSONValue.list(items)).value
    }

    /// Stored JSON text as a value to embed; the store only holds text this API checked, so a
    /// parse failure means the file was edited by hand, and shows as an empty object.
    private static func embedded(_ text: String) -> JSONValue {
        JSONReader.apns.read(text).root?.value ?? .object([])
    }
}
