import HTTPKit
import JSON
import NotificationKit
import Templates

/// `POST /notifications/live`: what `composer.js` calls as the person types.
///
/// The body is the form as a JSON object of strings (`Content-Type: application/json`); the
/// answer carries the region partials rendered exactly as the page renders them (so the
/// server computes every line), the field errors (binding only, `errors`) and every note under
/// each field (`notes`: message, severity, invalid, and the category fix), and the form's other side: "Raw JSON" when the
/// fields were the source (`rawJSON`; `payload` is null while a field has an error, so it cannot
/// be saved), the refilled fields when "Raw JSON" was, and the Live Activity form
/// (`liveActivityForm`, empty unless the push type is liveactivity). Nothing is saved.
extension NotificationPages {
    /// The region partials and the ids of the elements whose children they replace.
    static let liveRegions = [
        ("compact", "notifications/compact"), ("expanded", "notifications/expanded"),
        ("sideBySide", "notifications/side-by-side"),
        ("validation", "notifications/validation"), ("exportStatus", "notifications/export-status"),
        ("mediaCheck", "notifications/media-check"),
        ("liveActivity", "notifications/live-activity-preview"), ("matrix", "notifications/matrix"),
        ("textPicture", "notifications/text-picture"),
        ("variantStatus", "notifications/variant-status"),
        ("languageMatrix", "notifications/language-matrix"),
    ]

    /// Answers one live update.
    func live(_ request: Request) throws -> Response {
        let form = try Self.liveForm(request)
        let options = ComposerPreviewOptions(form)
        let export = ComposerExportOptions(form)
        let composed = LiveActivityForm.overlay(
            PayloadComposer.compose(ComposerFields(form)), form: form,
            types: try activityTypes?.types() ?? .init())
        // The page checked its Media URL (media-check.js) and re-checks it quietly when the
        // server's result expires: until then the last check holds, never "not checked yet".
        let view = try view(
            composed, stored: nil, revision: nil, options: options, keepsMediaCheck: true, export: export,
            variants: ComposerVariants(form),
            templateOwner: form["templateOwner"].flatMap { $0.isEmpty ? nil : $0 })
        let context = TemplateValue.object(view.regionValues())
        var regions = JSONObjectBuilder()
        for (key, template) in Self.liveRegions {
            regions.set(key, try pages.templates.render(template, with: context))
        }
        var errors = JSONObjectBuilder()
        var notes = JSONObjectBuilder()
        for field in ComposerField.allCases {
            errors.set(field.rawValue, composed.errors[field])
            let message = view.notes.message(for: field)
            guard !message.isEmpty else { continue }
            var note = JSONObjectBuilder()
            note.set("message", message)
            note.set("severity", view.notes.severity(of: field))
            note.set("invalid", view.notes.isInvalid(field))
            if field == .category { note.set("fix", view.notes.categoryFix) }
            notes.set(field.rawValue, note.value)
        }
        for name in view.notes.formNotes.keys.sorted() {
            let summary = view.notes.summary(ofFormField: name)
            var note = JSONObjectBuilder()
            note.set("message", summary.message)
            note.set("severity", summary.severity)
            note.set("invalid", summary.invalid)
            notes.set(name, note.value)
        }
        var answer = JSONObjectBuilder()
        answer.set("source", composed.source.rawValue)
        answer.set("regions", regions.value)
        answer.set("errors", errors.value)
        answer.set("notes", notes.value)
        answer.set("payload", composed.text.map(JSONValue.string) ?? .null)
        answer.set("rawJSON", composed.fields[.rawJSON])
        if composed.source == .rawJSON, composed.text != nil {
            var fields = JSONObjectBuilder()
            for field in ComposerField.allCases where field != .name && field.headerName == nil {
                fields.set(field.rawValue, composed.fields[field])
            }
            answer.set("fields", fields.value)
        }
        answer.set("curl", view.analysis.curl ?? "")
        // The Live Activity form, for composer.js to put in place when the push type or the
        // activity type changes (empty for other push types).
        answer.set(
            "liveActivityForm",
            try view.liveActivityFormValue().map {
                try pages.templates.render("notifications/live-activity", with: $0)
            }
                ?? "")
        var counters = JSONObjectBuilder()
        for field in [ComposerField.title, .subtitle, .body] {
            counters.set(field.rawValue, view.counter(field))
        }
        answer.set("counters", counters.value)
        return APIResponse.json(answer.value)
    }

    /// The body as form fields: a JSON object whose members are all strings.
    private static func liveForm(_ request: Request) throws -> FormFields {
        let body = try JSONRequestBody(request)
        guard let members = body.root.value.objectMembers else {
            throw APIError.invalidField("The body must be a JSON object of form fields.")
        }
        var fields: [FormFields.Field] = []
        for member in members {
            guard let value = member.value.value.stringValue else {
                throw APIError.invalidField("\"\(member.key)\" must be a string, as a form field is.")
            }
            fields.append(.init(name: member.key, value: value))
        }
        return FormFields(fields)
    }
}
