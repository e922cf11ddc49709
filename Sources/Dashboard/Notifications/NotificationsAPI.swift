import Foundation
import HTTPKit
import NotificationKit
import Registry
import Storage

/// `/api/v1/notifications`: saved notifications with revisions and optimistic concurrency.
///
/// `PUT` needs `If-Match` with the current ETag: two people editing one draft never overwrite
/// each other silently — the second gets 412 and nothing changes.
struct NotificationsAPI: Sendable {
    let store: NotificationStore
    /// The registry each GET checks the saved payload against, for its verdict.
    let catalog: CategoryCatalog

    /// Adds the routes of CONTRACT §3 for notifications.
    func register(in router: inout DashboardRoutes) {
        router.get("/api/v1/notifications", .viewer) { request, _ in
            let window = try ListWindow(request)
            let search = NotificationSearch(request.queryItems["q"] ?? "")
            // One query for the page's notifications, whole: each row shows its verdict.
            let page = try store.search(search, limit: window.limit, offset: window.offset)
            let registry = try catalog.snapshot().lookup
            var rows: [(StoredNotification, ValidationReport)] = []
            var unreadable: [UnreadableNotification] = []
            for stored in page.notifications {
                if let problem = UnreadableNotification(stored) {
                    unreadable.append(problem)
                    continue
                }
                rows.append((stored, NotificationVerdict.report(stored, registry: registry)))
            }
            return APIResponse.json(
                NotificationJSON.list(
                    rows, unreadable: unreadable, total: page.total, window: window, search: search))
        }
        router.post("/api/v1/notifications", .editor) { request, _ in
            let input = try NotificationInput(request)
            let stored = try store.auditedCreate(
                name: input.name, headers: input.headersText, payload: input.payloadText,
                variants: input.variantsText ?? "{}", by: Author.name(of: request))
            var response = try answer(stored, status: .created)
            response.headers.replaceOrAdd(name: "Location", value: "/api/v1/notifications/\(stored.id)")
            return response
        }
        router.get("/api/v1/notifications/{id}", .viewer) { request, parameters in
            let stored = try existing(parameters.require("id"))
            return try ConditionalGet.notModified(request, etag: stored.etag) ?? answer(stored)
        }
        router.put("/api/v1/notifications/{id}", .editor) { request, parameters in
            try update(request, id: parameters.require("id"))
        }
        router.delete("/api/v1/notifications/{id}", .editor) { request, parameters in
            let id = try parameters.require("id")
            guard try store.auditedDelete(id: id, by: Author.name(of: request)) else {
                throw Self.notFound(id)
            }
            return Response(status: .noContent)
        }
        router.get("/api/v1/notifications/{id}/revisions", .viewer) { request, parameters in
            let id = try parameters.require("id")
            let window = try ListWindow.history(request)
            guard let page = try store.revisions(id: id, limit: window.limit, offset: window.offset) else {
                throw Self.notFound(id)
            }
            return APIResponse.json(
                NotificationJSON.revisions(
                    page, window: window, path: "/api/v1/notifications/\(id)/revisions"))
        }
        registerHistory(in: &router)
        registerVariantExport(in: &router)
    }

    private func update(_ request: Request, id: String) throws -> Response {
        guard let tag = request.headers["If-Match"] else {
            _ = try existing(id)
            throw HTTPError(
                .preconditionRequired,
                message: "Send If-Match with the ETag you last read, so no one else's change is overwritten.")
        }
        let input = try NotificationInput(request)
        let expected = try expectedRevision(matching: tag, id: id)
        switch try store.auditedUpdate(
            id: id, expectedRevision: expected, name: input.name, headers: input.headersText,
            payload: input.payloadText, variants: input.variantsText, by: Author.name(of: request))
        {
        case .updated(let stored): return try answer(stored)
        case .stale: throw Self.stale(id)
        case .notFound: throw Self.notFound(id)
        }
    }

    /// The revision an `If-Match` value names: `*` or a list containing the current ETag means
    /// the current revision (RFC 9110 §13.1.1); anything else is stale, and a value that is not
    /// a list of quoted entity tags is a 400 that says so. The update itself checks the revision
    /// again, atomically, so a change in between still gives 412.
    func expectedRevision(matching header: String, id: String) throws -> Int {
        let tags = try EntityTagList(header, header: "If-Match")
        let current = try existing(id)
        guard tags.strongMatch(current.etag) else { throw Self.stale(id) }
        return current.revision
    }

    func existing(_ id: String) throws -> StoredNotification {
        guard let stored = try store.notification(id: id) else { throw Self.notFound(id) }
        return stored
    }

    /// The notification with its ETag and its verdict against the current registry.
    func answer(_ stored: StoredNotification, status: HTTPStatus = .ok) throws -> Response {
        let registry = try catalog.snapshot().lookup
        let report = NotificationVerdict.report(stored, registry: registry)
        let variants = NotificationVerdict.variantAnalyses(stored, registry: registry).map {
            ($0.tag, $0.analysis.report)
        }
        var response = APIResponse.json(
            NotificationJSON.value(of: stored, report: report, variants: variants), status: status)
        response.headers.replaceOrAdd(name: "ETag", value: stored.etag)
        return response
    }

    static func notFound(_ id: String) -> HTTPError {
        HTTPError(.notFound, message: "No saved notification has the id \"\(id)\".")
    }

    static func stale(_ id: String) -> HTTPError {
        HTTPError(
            .preconditionFailed,
            message:
                "Notification \"\(id)\" was changed since you read it; nothing was saved. Read it again and reapply your change."
        )
    }
}
