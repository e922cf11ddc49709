import HTTPKit
import NotificationKit
import Storage
import Templates

/// The history of a saved notification as pages: any revision with its preview and JSON, its
/// differences from the current one field by field, and restoring it as a new revision. Every
/// step is a link or a form post, so it works without JavaScript.
extension NotificationPages {
    /// Adds the revision routes.
    func registerHistory(in router: inout DashboardRoutes) {
        router.get("/notifications/{id}/revisions/{revision}", .viewer) { request, parameters in
            let stored = try existing(parameters.require("id"))
            let number = try RevisionNumber.requirePage(parameters)
            return try revisionPage(
                stored, number: number, options: ComposerPreviewOptions(request.queryItems))
        }
        router.post("/notifications/{id}/revisions/{revision}/restore", .editor) { request, parameters in
            let stored = try existing(parameters.require("id"))
            let number = try RevisionNumber.requirePage(parameters)
            let form = try request.urlEncodedForm()
            let expected = form["revision"].flatMap { Int($0) } ?? stored.revision
            switch try store.notifications.auditedRestore(
                revision: number, of: stored.id, expectedRevision: expected, by: Author.name(of: request))
            {
            case .updated(let updated):
                return Response(redirectTo: "/notifications/\(updated.id)?restored=\(number)")
            case .stale(let current):
                throw HTTPError(
                    .conflict,
                    message:
                        "Someone saved revision \(current.revision) since you opened the history; nothing was restored. Open the history again."
                )
            case .notFound:
                throw HTTPError(
                    .notFound, message: "Notification \"\(stored.id)\" has no revision \(number).")
            }
        }
    }

    private func revisionPage(_ stored: StoredNotification, number: Int, options: ComposerPreviewOptions)
        throws
        -> Response
    {
        guard let revision = try store.notifications.revision(number, of: stored.id) else {
            throw HTTPError(.notFound, message: "Notification \"\(stored.id)\" has no revision \(number).")
        }
        let fields = RevisionChanges.fields(
            name: revision.name, headers: revision.headers, payload: revision.payload)
        let current = RevisionChanges.fields(
            name: stored.name, headers: stored.headers, payload: stored.payload)
        let diff = RevisionChanges(
            before: fields, after: current, payloadsDiffer: revision.payload != stored.payload)
        let composed = ComposedPayload(source: .form, text: revision.payload, fields: fields, errors: [:])
        let analysis = ComposerAnalysis(composed, registry: try catalog.snapshot().lookup, options: options)
        let isCurrent = revision.revision == stored.revision
        let values: [String: TemplateValue] = [
            "id": .string(stored.id), "name": .string(stored.name), "revision": .int(revision.revision),
            "currentRevision": .int(stored.revision), "isCurrent": .bool(isCurrent),
            "when": .string(Timestamp.readable(revision.changedAt)), "by": .string(revision.changedBy),
            "payload": .string(PrettyJSON.text(revision.payload)),
            "preview": ComposerView.previewValue(analysis.preview),
            "valid": .bool(analysis.report.valid),
            "changes": .list(
                diff.changes.map {
                    ["label": .string($0.label), "before": .string($0.before), "after": .string($0.after)]
                }),
            "same": .bool(diff.changes.isEmpty && !diff.onlyFormatting),
            "onlyFormatting": .bool(diff.onlyFormatting),
        ]
        return try pages.page(
            "notifications/revision", title: "Revision \(revision.revision) of \(stored.name)",
            section: .notifications, values: values)
    }
}
