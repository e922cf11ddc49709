import HTTPKit
import NotificationKit
import Storage

/// One revision, restoring a revision, and the trash of `/api/v1/notifications`.
///
/// Nothing here rewrites history: restoring a revision saves it as the next one, `DELETE` moves
/// a notification to the trash, and only `DELETE /api/v1/trash/notifications/{id}` erases it.
extension NotificationsAPI {
    /// Adds the revision and trash routes.
    func registerHistory(in router: inout DashboardRoutes) {
        router.get("/api/v1/notifications/{id}/revisions/{revision}", .viewer) { _, parameters in
            let id = try parameters.require("id")
            let number = try RevisionNumber.require(parameters)
            guard let revision = try store.revision(number, of: id) else { throw Self.noRevision(id, number) }
            return APIResponse.json(NotificationJSON.revision(revision))
        }
        router.post("/api/v1/notifications/{id}/revisions/{revision}/restore", .editor) {
            request, parameters in
            let id = try parameters.require("id")
            let number = try RevisionNumber.require(parameters)
            let expected = try request.headers["If-Match"].map { try expectedRevision(matching: $0, id: id) }
            switch try store.auditedRestore(
                revision: number, of: id, expectedRevision: expected, by: Author.name(of: request))
            {
            case .updated(let stored): return try answer(stored)
            case .stale: throw Self.stale(id)
            case .notFound: throw Self.noRevision(id, number)
            }
        }
        router.get("/api/v1/trash/notifications", .viewer) { _, _ in
            try APIResponse.json(NotificationJSON.trash(store.trash()))
        }
        router.post("/api/v1/trash/notifications/{id}/restore", .editor) { _, parameters in
            let id = try parameters.require("id")
            guard let restored = try store.auditedRestore(id: id) else { throw Self.notInTrash(id) }
            return try answer(restored)
        }
        router.delete("/api/v1/trash/notifications/{id}", .editor) { _, parameters in
            let id = try parameters.require("id")
            guard try store.auditedPurge(id: id) else { throw Self.notInTrash(id) }
            return Response(status: .noContent)
        }
    }

    private static func noRevision(_ id: String, _ number: Int) -> HTTPError {
        HTTPError(.notFound, message: "Notification \"\(id)\" has no revision \(number).")
    }

    private static func notInTrash(_ id: String) -> HTTPError {
        HTTPError(.notFound, message: "No notification with the id \"\(id)\" is in the trash.")
    }
}
