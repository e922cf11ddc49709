import JSON
import NotificationKit
import Storage

/// The JSON answers of the notifications API.
enum NotificationJSON {
    /// A stored notification: id, name, headers, payload, revision, who/when, and (addition to
    /// CONTRACT §3) `valid` and `report`, its verdict against the current registry; and, when it
    /// has language variants (issue 27, additions too), `variants` as stored and
    /// `variantReports`, each variant's own `{"valid", "report"}` by tag.
    static func value(
        of notification: StoredNotification, report: ValidationReport,
        variants: [(tag: String, report: ValidationReport)] = []
    ) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("id", notification.id)
        object.set("name", notification.name)
        object.set("headers", embedded(notification.headers))
        object.set("payload", embedded(notification.payload))
        object.set("revision", notification.revision)
        object.set("createdAt", notification.createdAt)
        object.set("updatedAt", notification.updatedAt)
        object.set("updatedBy", notification.updatedBy)
        object.set("valid", report.valid)
        object.set("report", report.jsonValue)
        if notification.variants != "{}" {
            object.set("variants", embedded(notification.variants))
            var reports = JSONObjectBuilder()
            for variant in variants {
                reports.set(
                    variant.tag,
                    JSONValue.members([
                        "valid": .bool(variant.report.valid), "report": variant.report.jsonValue,
                    ]))
            }
            object.set("variantReports", reports.value)
        }
        return object.value
    }

    /// `{"notifications": [{"id", "name", "updatedAt", "revision", "valid"}…], "total", "limit",
    /// "offset", "nextOffset", "next"}`: one page of the list (or of a search, `?q=`);
    /// `nextOffset` and `next` (the next page's address) are left out on the last page.
    /// `valid`, `revision` and the paging fields are additions to CONTRACT §3.
    /// `unreadable` (an addition too) names the notifications of this page whose stored record
    /// no longer reads, with why; they are left out of `notifications` but counted in `total`.
    /// It appears only when there is one, so a sound list keeps its shape.
    static func list(
        _ rows: [(StoredNotification, ValidationReport)], unreadable: [UnreadableNotification] = [],
        total: Int, window: ListWindow, search: NotificationSearch
    ) -> JSONValue {
        let items = rows.map { stored, report in
            var object = JSONObjectBuilder()
            object.set("id", stored.id)
            object.set("name", stored.name)
            object.set("updatedAt", stored.updatedAt)
            object.set("revision", stored.revision)
            object.set("valid", report.valid)
            return object.value
        }
        var object = JSONObjectBuilder()
        object.set("notifications", JSONValue.list(items))
        if !unreadable.isEmpty {
            object.set("unreadable", JSONValue.list(unreadable.map(\.jsonValue)))
        }
        window.setPaging(
            in: &object, total: total, path: "/api/v1/notifications",
            extra: search.isEmpty ? [] : [("q", search.text)])
        return object.value
    }

    /// `{"revisions": […], "total", "limit", "offset", "nextOffset", "next"}`: one page, newest
    /// first as the store returns them; each with `changes`, the fields that differ from the
    /// revision before it (an addition to CONTRACT §3, as are the paging fields, see `ListWindow.setPaging`).
    static func revisions(_ page: RevisionPage<NotificationRevision>, window: ListWindow, path: String)
        -> JSONValue
    {
        let items = page.withPrevious.map { revision, previous in
            self.revision(
                revision, changes: RevisionChanges(from: previous, to: revision).changes.map(\.label))
        }
        var object = JSONObjectBuilder()
        object.set("revisions", JSONValue.list(items))
        window.setPaging(in: &object, total: page.total, path: path)
        return object.value
    }

    /// One revision: number, name, headers, payload, and who saved it when.
    static func revision(_ revision: NotificationRevision, changes: [String]? = nil) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("revision", revision.revision)
        object.set("name", revision.name)
        object.set("headers", embedded(revision.headers))
        object.set("payload", embedded(revision.payload))
        if revision.variants != "{}" {
            object.set("variants", embedded(revision.variants))
        }
        object.set("updatedAt", revision.changedAt)
        object.set("updatedBy", revision.changedBy)
        if let changes {
            object.set("changes", .list(changes.map(JSONValue.string)))
        }
        return object.value
    }

    /// `{"notifications": [{"id", "name", "revision", "deletedAt", "deletedBy"}…]}`: the trash.
    static func trash(_ trashed: [TrashedNotification]) -> JSONValue {
        let items = trashed.map { item in
            var object = JSONObjectBuilder()
            object.set("id", item.id)
            object.set("name", item.name)
            object.set("revision", item.revision)
            object.set("deletedAt", item.deletedAt)
            object.set("deletedBy", item.deletedBy)
            return object.value
        }
        return JSONObjectBuilder().setting("notifications", JSONValue.list(items)).value
    }

    /// Stored JSON text as a value to embed; the store only holds text this API checked, so a
    /// parse failure means the file was edited by hand, and shows as an empty object.
    private static func embedded(_ text: String) -> JSONValue {
        JSONReader.apns.read(text).root?.value ?? .object([])
    }
}
