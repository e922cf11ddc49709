import Foundation
import HTTPKit
import NotificationKit
import Storage

/// The composer's form posts: "Preview" and "Export" re-render the page for the posted values
/// and save nothing; "Save" creates or updates with optimistic concurrency.
extension NotificationPages {
    /// The form name of the "Use `message`" button under the Category field: its value replaces
    /// the category, and the page is shown again (nothing is saved).
    static let useCategoryField = "useCategory"

    /// The name a notification gets when the Name field is left empty.
    static let untitled = "Untitled notification"

    /// Handles a post of the composer form to `/notifications/new` or `/notifications/{id}`.
    func submit(_ request: Request, id: String?) throws -> Response {
        let form = try request.urlEncodedForm()
        let stored = try id.map(existing)
        let options = ComposerPreviewOptions(form)
        let export = ComposerExportOptions(form)
        var fields = ComposerFields(form)
        var variants = ComposerVariants(form)
        let usedCategory = form[Self.useCategoryField].flatMap { $0.isEmpty ? nil : $0 }
        if let usedCategory { fields[.category] = usedCategory }
        let composed = LiveActivityForm.overlay(
            PayloadComposer.compose(fields), form: form, types: try activityTypes?.types() ?? .init())
        let revision = form["revision"].flatMap { Int($0) } ?? stored?.revision
        if let changed = try variantChange(
            form, variants: &variants, composed: composed, stored: stored, revision: revision,
            options: options,
            export: export)
        {
            return changed
        }
        if let usedCategory {
            var view = try view(
                composed, stored: stored, revision: revision, options: options, export: export,
                variants: variants)
            view.flash.append(
                .init(
                    kind: "info",
                    text: "Category set to \"\(usedCategory)\". Nothing was saved yet: Save keeps it."))
            return try render(view, posted: true)
        }
        switch form["intent"] {
        case "save":
            return try save(
                composed, stored: stored, revision: revision, options: options, export: export,
                variants: variants, request: request)
        case "export":
            var view = try view(
                composed, stored: stored, revision: revision, options: options, export: export,
                variants: variants)
            view.flash.append(
                view.analysis.exportable
                    ? .init(
                        kind: "info",
                        text: "Nothing was saved. The exports below are for the payload as shown.")
                    : .init(
                        kind: "warning",
                        text: "Nothing was saved, and the payload has errors: fix them to export it."))
            return try render(view, posted: true)
        case "check-media":
            return try render(
                view(
                    composed, stored: stored, revision: revision, options: options, checkMedia: true,
                    export: export, variants: variants),
                posted: true)
        default:
            return try render(
                view(
                    composed, stored: stored, revision: revision, options: options, export: export,
                    variants: variants),
                posted: true)
        }
    }

    private func save(
        _ composed: ComposedPayload, stored: StoredNotification?, revision: Int?,
        options: ComposerPreviewOptions, export: ComposerExportOptions, variants: ComposerVariants,
        request: Request
    ) throws -> Response {
        var composed = composed
        let typedName = composed.fields[.name].trimmingCharacters(in: .whitespacesAndNewlines)
        if typedName.count > NotificationInput.maximumNameLength {
            composed.errors[.name] =
                "Name must be at most \(NotificationInput.maximumNameLength) characters long."
        }
        guard let text = composed.text, composed.errors.isEmpty else {
            var view = try view(
                composed, stored: stored, revision: revision, options: options, export: export,
                variants: variants)
            view.flash.append(.init(kind: "error", text: "Nothing was saved: fix the fields marked below."))
            return try render(view, status: .unprocessableContent, posted: true)
        }
        let title = composed.fields[.title].trimmingCharacters(in: .whitespacesAndNewlines)
        let name = !typedName.isEmpty ? typedName : !title.isEmpty ? String(title.prefix(200)) : Self.untitled
        let headers = composed.fields.headersText
        let author = Author.name(of: request)
        guard let stored else {
            let created = try store.notifications.auditedCreate(
                name: name, headers: headers, payload: text, variants: variants.variants.storedText,
                by: author)
            // "Saved as revision 1." at the top of the page the redirect shows, as category saves do.
            return Response(redirectTo: "/notifications/\(created.id)?saved=\(created.revision)")
        }
        guard let revision else {
            throw HTTPError(.badRequest, message: "The form has no revision; open the notification again.")
        }
        switch try store.notifications.auditedUpdate(
            id: stored.id, expectedRevision: revision, name: name, headers: headers, payload: text,
            variants: variants.variants.storedText, by: author
        )
        {
        case .updated(let updated):
            return Response(redirectTo: "/notifications/\(updated.id)?saved=\(updated.revision)")
        case .stale(let current):
            var view = try view(
                composed, stored: current, revision: current.revision, options: options, export: export,
                variants: variants)
            view.flash.append(.init(kind: "error", text: Self.staleMessage(current)))
            return try render(view, status: .conflict, posted: true)
        case .notFound:
            throw HTTPError(
                .notFound, message: "The notification was deleted while you edited it; nothing was saved.")
        }
    }

    /// The message for a save over someone else's newer revision.
    static func staleMessage(_ current: StoredNotification) -> String {
        "Someone saved this notification since you opened it (revision \(current.revision), by "
            + "\(current.updatedBy) at \(Timestamp.readable(current.updatedAt))). Nothing was saved: "
            + "your version is still in the form below. Save again to replace theirs, or open the "
            + "notification again to start from theirs."
    }
}
