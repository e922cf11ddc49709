import JSON
import NotificationKit
import NotificationPreview

/// What each composer field shows under it: the binding error and every diagnostic whose path
/// points at the field, with the one-click fix for a category iOS would not find.
///
/// A category that is unregistered, or registered with another case or normalization, is a
/// warning in the report (CONTRACT §4: APNs delivers it), but on this page it is an error of the
/// Category field, because iOS shows the notification without any of its buttons.
struct ComposerFieldNotes: Sendable {
    /// One line under a field.
    struct Note: Sendable, Equatable {
        /// `error`, `warning` or `info`, as the page styles it.
        var severity: String
        /// The diagnostic code, empty for a binding error.
        var code: String
        /// The text, escaped when shown.
        var message: String
    }

    /// The diagnostic codes of a category iOS does not find.
    static let missingButtonCodes: Set<String> = [
        PayloadCode.categoryUnregistered.code, PayloadCode.categoryCaseMismatch.code,
    ]

    /// The notes of each field, in report order (binding error first).
    private(set) var notes: [ComposerField: [Note]] = [:]
    /// The registered spelling to offer for the Category field ("Use `message`").
    private(set) var categoryFix: String?
    /// Whether iOS would show the notification without its buttons.
    private(set) var buttonsMissing = false
    /// The notes of the Live Activity form's fields, by form name (`la-state:items`).
    private(set) var formNotes: [String: [Note]] = [:]

    /// The notes of `composed` and its `report`, categories matched against `registry`. `root`
    /// is the tree of `composed.checkedText` from its one analysis (`PayloadAnalysis.root`),
    /// which says which key holds the media URL and which category was asked for; the payload
    /// is not read again.
    /// A diagnostic at a path of `formFields` (the Live Activity form's, when it is shown) goes
    /// under that form field instead of Raw JSON.
    init(
        _ composed: ComposedPayload, report: ValidationReport, root: JSONNode?, registry: CategoryConfig,
        formFields: [LiveActivityForm.FieldPath] = []
    ) {
        for (field, message) in composed.errors {
            notes[field, default: []].append(Note(severity: "error", code: "", message: message))
        }
        if composed.rewroteFormatting {
            let message =
                "Your formatting of Raw JSON was replaced: a field edit rewrote the payload, pretty-printed. "
                + "Edit only Raw JSON to keep your own formatting."
            notes[.rawJSON, default: []].append(Note(severity: "info", code: "", message: message))
        }
        let mediaKey = ComposerFields.mediaKey(in: root)
        // Where devices cut Title, Subtitle and Body is the counter's one statement under the
        // field (`PreviewMatrix.counter`); the matrix's `preview.cut` info, which names only the
        // narrowest cut, stays in the report and is not said a second time under the field.
        for diagnostic in report.diagnostics where diagnostic.code != PreviewCode.cut.rawValue {
            let field = ComposerField.field(forPath: diagnostic.path, mediaKey: mediaKey)
            var severity = diagnostic.severity.rawValue
            var message = DiagnosticText.isolatingQuotes(diagnostic.message)
            if Self.missingButtonCodes.contains(diagnostic.code) {
                severity = Severity.error.rawValue
                message = "iOS will show no buttons: " + message
                buttonsMissing = true
            }
            let note = Note(severity: severity, code: diagnostic.code, message: message)
            if field == .rawJSON, let formField = formFields.first(where: { $0.covers(diagnostic.path) }) {
                formNotes[formField.name, default: []].append(note)
                continue
            }
            notes[field, default: []].append(note)
        }
        if buttonsMissing, let category = root?["aps"]?["category"]?.value.stringValue {
            categoryFix = CategoryMatch(category, among: registry.identifiers).registeredSpelling
        }
    }

    /// What one field shows under it, from its notes.
    struct Summary: Sendable, Equatable {
        /// Every note, one sentence after another.
        var message: String
        /// Whether a note is an error (the control gets `aria-invalid`).
        var invalid: Bool
        /// The strongest severity, for the message's style; empty without notes.
        var severity: String

        init(_ notes: [Note]) {
            message = notes.map(\.message).joined(separator: " ")
            invalid = notes.contains { $0.severity == Severity.error.rawValue }
            severity =
                notes.isEmpty
                ? "" : invalid ? "error" : notes.contains { $0.severity == "warning" } ? "warning" : "info"
        }
    }

    /// The text under `field`: every note, one sentence after another.
    func message(for field: ComposerField) -> String {
        Summary(notes[field] ?? []).message
    }

    /// Whether `field` has an error (it gets `aria-invalid`).
    func isInvalid(_ field: ComposerField) -> Bool {
        Summary(notes[field] ?? []).invalid
    }

    /// The strongest severity under `field`, for the message's style; empty without notes.
    func severity(of field: ComposerField) -> String {
        Summary(notes[field] ?? []).severity
    }

    /// What the Live Activity form field named `name` shows under it.
    func summary(ofFormField name: String) -> Summary {
        Summary(formNotes[name] ?? [])
    }
}
