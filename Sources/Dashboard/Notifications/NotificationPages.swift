import Foundation
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
    var activityTypes: ActivityCatalog?
    /// The app's String Catalog: the report checks localized keys against it.
    var strings: StringCatalogRegistry?

    /// Adds the page routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/notifications", .viewer) { request, _ in try list(request) }
        router.post("/notifications/{id}/duplicate", .editor) { request, parameters in
            let stored = try existing(parameters.require("id"))
            let copy = try store.notifications.auditedCreate(
                name: String("Copy of \(stored.name)".prefix(NotificationInput.maximumNameLength)),
                headers: stored.headers, payload: stored.payload, by: Author.name(of: request),
                action: "notifications.duplicate", detail: "of \(NotificationStore.address(of: stored.id))")
            return Response(redirectTo: "/notifications/\(copy.id)")
        }
        router.get("/notifications/new", .viewer) { request, _ in
            let view = try composer(for: nil, options: ComposerPreviewOptions(request.queryItems))
            return try render(view)
        }
        router.post("/notifications/new", .editor) { request, _ in try submit(request, id: nil) }
        router.get("/notifications/{id}", .viewer) { request, parameters in
            let stored = try existing(parameters.require("id"))
            var view = try composer(
                for: stored, options: ComposerPreviewOptions(request.queryItems),
                revisionWindow: ListWindow(request))
            if let saved = request.queryItems["saved"], saved == String(stored.revision) {
                view.flash.append(.init(kind: "success", text: "Saved as revision \(saved)."))
            }
            if let restored = request.queryItems["restored"] {
                view.flash.append(
                    .init(
                        kind: "success", text: "Revision \(restored) restored as revision \(stored.revision)."
                    ))
            }
            if request.queryItems["untrashed"] != nil {
                view.flash.append(
                    .init(kind: "success", text: "Restored from the trash, with every revision."))
            }
            return try render(view)
        }
        router.post("/notifications/{id}", .editor) { request, parameters in
            try submit(request, id: parameters.require("id"))
        }
        router.post("/notifications/live", .viewer) { request, _ in try live(request) }
        registerExports(in: &router)
        registerHistory(in: &router)
        registerTrash(in: &router)
    }

    /// The list of saved notifications, most recently saved first, each with its snippet,
    /// category and verdict, one `ListWindow` at a time; `?q=` lists the notifications whose
    /// name, title, subtitle or body has every word of the text (`NotificationSearch`), paged
    /// the same way.
    private func list(_ request: Request) throws -> Response {
        let search = NotificationSearch(request.queryItems["q"] ?? "")
        let window = try ListWindow(request)
        let registry = try catalog.snapshot().lookup
        // One query for the rows with their payloads: every row shows its verdict.
        let page = try store.notifications.search(search, limit: window.limit, offset: window.offset)
        var unreadable: [UnreadableNotification] = []
        let rows = page.notifications.compactMap { stored -> TemplateValue? in
            if let problem = UnreadableNotification(stored) {
                unreadable.append(problem)
                return nil
            }
            return NotificationListRow(stored, registry: registry).value
        }
        var values: [String: TemplateValue] = [
            "notifications": .list(rows), "any": .bool(!rows.isEmpty), "query": .string(search.text),
            "unreadable": .list(
                unreadable.map {
                    [
                        "id": .string($0.id), "name": .string($0.name), "revision": .int($0.revision),
                        "reason": .string($0.reason),
                    ]
                }),
            "hasUnreadable": .bool(!unreadable.isEmpty),
            "searched": .bool(!search.isEmpty),
            "pastTheEnd": .bool(page.notifications.isEmpty && page.total > 0),
        ]
        values.merge(
            window.paginationValues(shown: rows.count + unreadable.count, total: page.total) {
                Self.listAddress($0, window, search)
            }
        ) { _, paging in paging }
        return try pages.page(
            "notifications/list", title: "Notifications", section: .notifications, values: values)
    }

    private static func listAddress(_ offset: Int, _ window: ListWindow, _ search: NotificationSearch)
        -> String
    {
        window.address("/notifications", offset: offset, extra: search.isEmpty ? [] : [("q", search.text)])
    }

    /// The composer for `stored` (or a new notification) as saved.
    func composer(
        for stored: StoredNotification?, options: ComposerPreviewOptions,
        revisionWindow: ListWindow = ListWindow(), variant: String? = nil
    ) throws -> ComposerView {
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
        return try view(
            composed, stored: stored, revision: stored.revision, options: options,
            revisionWindow: revisionWindow,
            variants: ComposerVariants(storedText: stored.variants, shown: variant))
    }

    /// The view of a composed form; reads the registry and, for a saved notification, its history.
    func view(
        _ composed: ComposedPayload, stored: StoredNotification?, revision: Int?,
        options: ComposerPreviewOptions, checkMedia: Bool = false, keepsMediaCheck: Bool = false,
        export: ComposerExportOptions = ComposerExportOptions(), revisionWindow: ListWindow = ListWindow(),
        variants: ComposerVariants = ComposerVariants(),
        templateOwner: String? = nil
    ) throws -> ComposerView {
        let snapshot = try catalog.snapshot()
        let registry = snapshot.config
        let stringsSnapshot = try strings?.snapshot()
        let types = try activityTypes?.types() ?? ActivityTypeSet()
        let settings = try store.settings.settings()
        // The workspace's app bundle ID (/settings) is the Bundle ID field's default.
        var export = export
        if export.bundle == nil { export.bundle = settings.appBundleID }
        // The tab of a language variant previews, checks and exports that variant's payload.
        // Issue 28: the payload read as a template with the declarations saved for the
        // notification (`templateOwner`: the live update's); its findings go under the fields.
        let template = ComposerTemplate(
            payload: composed.checkedText, headers: composed.fields.headers,
            stored: try (stored?.id ?? templateOwner).flatMap {
                try TemplateVariableStore(database: store.database).variables(of: $0)
            },
            validator: Validator(registry: snapshot.lookup))
        let analysis = ComposerAnalysis(
            variants.previewed(composed), registry: snapshot.lookup, options: options, activities: types,
            mediaChecker: media,
            checkMedia: checkMedia, keepsMediaCheck: keepsMediaCheck, export: export, settings: settings,
            localizedKeys: stringsSnapshot?.localizedKeys, strings: stringsSnapshot?.catalog,
            previewPayload: template?.previewPayload(
                for: options.recipient, validator: Validator(registry: snapshot.lookup)))
        let revisions = try stored.flatMap {
            try store.notifications.revisions(
                id: $0.id, limit: revisionWindow.limit, offset: revisionWindow.offset)
        }
        let formFields =
            composed.fields[.pushType] == "liveactivity"
            ? LiveActivityForm.fieldPaths(
                for: LiveActivityForm.formType(
                    aps: analysis.root?["aps"], choice: options.activityType, in: types))
            : []
        var notedReport = analysis.report
        notedReport.diagnostics += template?.diagnostics ?? []
        let notes = ComposerFieldNotes(
            composed, report: notedReport, root: analysis.root, registry: registry, formFields: formFields
        )
        var view = ComposerView(
            notification: stored, revision: revision, fields: composed.fields, analysis: analysis,
            notes: notes, registry: registry, options: options, exportOptions: export, revisions: revisions,
            revisionWindow: revisionWindow)
        view.template = template
        // Issue 28: where each recipient (example, samples, worst case) is cut, beside the matrix.
        view.recipientCuts = template.flatMap { $0.template == nil ? nil : $0 }.map {
            RecipientCuts(
                $0, headers: composed.fields.headers, validator: Validator(registry: snapshot.lookup),
                settings: settings, options: options)
        }
        view.activityTypes = types
        view.variants = variants
        view.locKeyOptions = ComposerView.locKeyOptions(of: stringsSnapshot?.catalog)
        view.base = composed
        view.overview = VariantOverview(
            variants.variants, base: composed.text, headers: composed.fields.headersText,
            registry: snapshot.lookup, settings: settings, options: options, strings: stringsSnapshot?.catalog
        )
        view.liveActivityChoice = options.activityType
        view.mediaReuseSeconds = media?.configuration.resultLifetime
        return view
    }

    /// The page of `view` with `status`; a posted form that differs from what is saved shows
    /// the "Unsaved changes" marker (it works without JavaScript).
    func render(_ view: ComposerView, status: HTTPStatus = .ok, posted: Bool = false) throws -> Response {
        var view = view
        if posted {
            view.unsaved =
                ComposerView.isUnsaved(view.base ?? view.analysis.composed, comparedWith: view.notification)
                || view.variants.variants.storedText != (view.notification?.variants ?? "{}")
        }
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
