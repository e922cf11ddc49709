import HTTPKit
import Storage
import Templates

/// Deleting from the composer moves a notification to the trash; the trash page restores it or,
/// after an explicit confirmation page, purges it for good. All plain links and form posts.
extension NotificationPages {
    /// Adds the delete, trash, restore and purge routes.
    func registerTrash(in router: inout DashboardRoutes) {
        router.post("/notifications/{id}/delete", .editor) { request, parameters in
            let stored = try existing(parameters.require("id"))
            _ = try store.notifications.auditedDelete(id: stored.id, by: Author.name(of: request))
            return Response(redirectTo: "/notifications/trash?deleted=\(stored.id)")
        }
        router.get("/notifications/trash", .viewer) { request, _ in
            let trashed = try store.notifications.trash()
            var flash: [TemplateValue] = []
            if let id = request.queryItems["deleted"], let item = trashed.first(where: { $0.id == id }) {
                flash.append([
                    "kind": "success", "text": .string("“\(item.name)” is in the trash. Restore it below."),
                ])
            }
            let rows = trashed.map { item -> TemplateValue in
                [
                    "id": .string(item.id), "name": .string(item.name), "revision": .int(item.revision),
                    "deletedAt": .string(Timestamp.readable(item.deletedAt)),
                    "deletedBy": .string(item.deletedBy),
                ]
            }
            return try pages.page(
                "notifications/trash", title: "Trash", section: .notifications,
                values: ["items": .list(rows), "any": .bool(!rows.isEmpty), "flash": .list(flash)])
        }
        router.post("/notifications/trash/{id}/restore", .editor) { _, parameters in
            let id = try parameters.require("id")
            guard let restored = try store.notifications.auditedRestore(id: id) else {
                throw Self.notInTrash(id)
            }
            return Response(redirectTo: "/notifications/\(restored.id)?untrashed=1")
        }
        router.get("/notifications/trash/{id}/purge", .editor) { _, parameters in
            let id = try parameters.require("id")
            guard let item = try store.notifications.trash().first(where: { $0.id == id }) else {
                throw Self.notInTrash(id)
            }
            return try pages.page(
                "notifications/purge", title: "Erase \(item.name)", section: .notifications,
                values: ["id": .string(item.id), "name": .string(item.name), "revision": .int(item.revision)])
        }
        router.post("/notifications/trash/{id}/purge", .editor) { _, parameters in
            let id = try parameters.require("id")
            guard try store.notifications.auditedPurge(id: id) else { throw Self.notInTrash(id) }
            return Response(redirectTo: "/notifications/trash")
        }
    }

    private static func notInTrash(_ id: String) -> HTTPError {
        HTTPError(.notFound, message: "No notification with the id \"\(id)\" is in the trash.")
    }
}
