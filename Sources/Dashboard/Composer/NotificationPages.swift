import HTTPKit
import JSON
import MediaCheck
import NotificationKit
import Registry
import Storage
import Templates

/// The notification pages of CONTRACT §7: the list, and the composer for new and saved
/// notifications, with saving, previewing and exporting as plain form posts (they work without
/// JavaScript) and a live endpoint for `composer.js`.
struct NotificationPages: Sendable {
    let store: Store
    /// The category registry's snapshots, for the category picker, the report and the preview.
    let catalog: CategoryCatalog
    let pages: PageRenderer
    /// Checks media URLs for the "Check media" button and the real image in the previews.
    var media: MediaChecker?
    /// The app's Live Activity types, for the Live Activity form, frame and checks.
    var activityTypes: ActivityTypeCache?

    /// Adds the page routes.
    func register(in router: inout RouterBuilder) {
        router.get("/notifications") { request, _ in try list(request) }
        router.get("/notifications/new") { request, _ in
            let view = try composer(for: nil, options: ComposerPreviewOptions(request.queryItems))
            return try render(view)
        }
        router.post("/notifications/new") { request, _ in try submit(request, id: nil) }
        router.get("/notifications/{id}") { request, parameters in
            let stored = try existing(parameters.require("id"))
            var view = try composer(for: stored, options: ComposerPreviewOptions(request.queryItems))
            if let saved = request.queryItems["saved"], saved == String(stored.revision) {
                view.flash.append(.init(kind: "success", text: "Saved as revision \(saved)."))
            }
            return try render(view)
        }
        router.post("/notifications/{id}") { request, parameters in
            try submit(request, id: parameters.require("id"))
        }
        router.post("/notifications/live") { request, _ in try live(request) }
        registerExports(in: &router)
    }

    /// The list of saved notifications, most recently saved first, one `ListWindow` at a time.
    private func list(_ request: Request) throws -> Response {
        let window = try ListWindow(request)
        let page = try store.notifications.list(limit: window.limit, offset: window.offset)
        let rows = try page.notifications.map { summary -> TemplateValue in
            let author = try store.notifications.notification(id: summary.id)?.updatedBy ?? ""
            return [
                "id": .string(summary.id), "name": .string(summary.name),
                "updatedAt": .string(ComposerView.readableTime(summary.updatedAt)),
                "updatedBy": .string(author), "revision": .int(summary.revision),
            ]
        }
        return try pages.page(
            "notifications/list", title: "Notifications", section: .notifications,
            values: [
                "notifications": .list(rows), "any": .bool(!rows.isEmpty),
                "hasNext": .bool(window.nextOffset(total: page.total) != nil),
                "nextAddress": .string(
                    window.nextOffset(total: page.total).map { Self.listAddress($0, window) } ?? ""),
                "hasPrevious": .bool(window.previousOffset != nil),
                "previousAddress": .string(window.previousOffset.map { Self.listAddress($0, window) } ?? ""),
                "range": .string(
                    page.total == 0
                        ? "" : "\(window.offset + 1)–\(window.offset + rows.count) of \(page.total)"),
            ])
    }

    private static func listAddress(_ offset: Int, _ window: ListWindow) -> String {
        window.limit == ListWindow.defaultLimit
            ? "/notifications?offset=\(offset)" : "/notifications?offset=\(offset)&limit=\(window.limit)"
    }

    /// The composer for `stored` (or a new notification) as saved.
    func composer(for stored: StoredNotification?, options: ComposerPreviewOptions) throws -> ComposerView {
        guard let stored else {
            return try view(
                PayloadComposer.compose(ComposerFields()), stored: nil, revision: nil, options: options)
        }
        var fields = ComposerFields()
        fields[.name] = stored.name
        fields.fillHeaders(fromJSON: stored.headers)
        fields[.rawJSON] = stored.payload
        fields[.renderedRaw] = stored.payload
        fields.fillPayload(from: JSONReader.apns.read(stored.payload).root)
        let composed = ComposedPayload(source: .form, text: stored.payload, fields: fields, errors: [:])
        return try view(composed, stored: stored, revision: stored.revision, options: options)
    }

    /// The view of a composed form; reads the registry and, for a saved notification, its history.
    func view(
        _ composed: ComposedPayload, stored: StoredNotification?, revision: Int?,
        options: ComposerPreviewOptions, checkMedia: Bool = false
    ) throws -> ComposerView {
        let snapshot = try catalog.snapshot()
        let registry = snapshot.config
        let types = try activityTypes?.current() ?? ActivityTypeSet()
        let analysis = ComposerAnalysis(
            composed, registry: snapshot.lookup, options: options, activities: types, mediaChecker: media,
            checkMedia: checkMedia)
        let revisions = try stored.flatMap { try store.notifications.revisions(id: $0.id) } ?? []
        var view = ComposerView(
            notification: stored, revision: revision, fields: composed.fields, analysis: analysis,
            registry: registry, options: options, revisions: revisions)
        view.activityTypes = types
        view.liveActivityChoice = options.activityType
        return view
    }

    /// The page of `view` with `status`.
    func render(_ view: ComposerView, status: HTTPStatus = .ok) throws -> Response {
        let title = view.notification?.name ?? "New notification"
        var response = try pages.page(
            "notifications/composer", title: title, section: .notifications, values: view.values())
        response.status = status
        return response
    }

    /// The saved notification `id`, or 404.
    func existing(_ id: String) throws -> StoredNotification {
        guard let stored = try store.notifications.notification(id: id) else {
            throw HTTPError(.notFound, message: "No saved notification has the id \"\(id)\".")
        }
        return stored
    }
}
