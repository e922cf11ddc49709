import Foundation
import JSON
import NotificationKit

/// What the composer made of a posted form: the payload text to validate, preview and save, the
/// form as it should be shown next, and an error per field that could not be bound.
struct ComposedPayload: Sendable {
    /// Which side of the form the payload came from.
    enum Source: String, Sendable {
        /// The fields ("Raw JSON" was left as the page showed it).
        case form
        /// "Raw JSON", because it was changed.
        case rawJSON
    }

    /// The side the payload came from.
    var source: Source
    /// The payload text exactly as it would be saved and sent; nil when a field error stops it.
    var text: String?
    /// The form to show next: refilled from "Raw JSON" when that was the source, with
    /// "Raw JSON" and its hidden twin set to `text` when there is one.
    var fields: ComposerFields
    /// One message per field that could not be bound, shown next to the field.
    var errors: [ComposerField: String]

    /// Whether a field edit rewrote a Raw JSON that had the person's own formatting (the page
    /// says so under Raw JSON).
    var rewroteFormatting = false

    /// The Live Activity form's fields (`la-…`) as the person typed them, when the form was laid
    /// over the payload: the page shows them as typed, so a value the payload cannot hold as
    /// typed (a list that is not one) is kept in its field and flagged there, never replaced.
    var typedActivityFields: [String: String] = [:]

    /// The payload built from the fields that could be bound, the faulty ones left out: what
    /// the previews show while a field has an error. Nil when "Raw JSON" was the source.
    var partialText: String?

    /// The text to check and preview: the payload, or the raw text that failed to read (so the
    /// report points at its line and column), or the payload without the faulty fields.
    var checkedText: String {
        text ?? (source == .rawJSON ? fields[.rawJSON] : partialText ?? fields[.renderedRaw])
    }
}

/// Binds the composer form into payload text (DESIGN rule 6), never by concatenating strings.
///
/// Either side can be edited: when "Raw JSON" differs from what the page last showed (a hidden
/// field), it is the source and the fields are refilled from it; otherwise the fields are the
/// source. Fields are laid over the payload the page last showed, and a field left unchanged
/// keeps that payload's member exactly (a sound dictionary, a key the form has no field for,
/// the order of keys), so saving without changes never loses anything.
enum PayloadComposer {
    /// Reader findings that still leave JSON grammar intact: a payload with them may be saved
    /// as a draft (the report shows them), unlike a syntax error.
    static let draftableCodes: Set<String> = [
        JSONReadCode.duplicateKey.rawValue, JSONReadCode.loneSurrogate.rawValue,
        JSONReadCode.numberOutOfRange.rawValue,
    ]

    /// Composes the payload of `fields`.
    static func compose(_ fields: ComposerFields) -> ComposedPayload {
        let raw = fields[.rawJSON]
        if !raw.isEmpty, raw != fields[.renderedRaw] {
            let fromRaw = composeFromRaw(fields)
            guard fromRaw.text != nil, formFieldsChanged(fields) else { return fromRaw }
            var refused = ComposedPayload(source: .rawJSON, text: nil, fields: fields, errors: [:])
            refused.errors[.rawJSON] =
                "Both Raw JSON and the form fields were changed, so neither was applied: keep the changes of one side and save again."
            return refused
        }
        return composeFromFields(fields)
    }

    /// The payload fields whose posted value differs from the value the page showed (derived
    /// from the hidden copy of Raw JSON); line endings are compared as browsers normalise them.
    private static let comparedFields: [ComposerField] = [
        .title, .subtitle, .body, .titleLocKey, .titleLocArgs, .subtitleLocKey, .subtitleLocArgs, .bodyLocKey,
        .bodyLocArgs, .category, .threadID, .badge, .sound, .interruptionLevel,
        .relevanceScore, .mediaURL, .mutableContent,
    ]

    private static func formFieldsChanged(_ fields: ComposerFields) -> Bool {
        let shown = JSONReader.apns.read(fields[.renderedRaw]).root.flatMap {
            $0.value.objectMembers == nil ? nil : $0
        }
        guard let shown else { return false }
        var before = ComposerFields()
        before.fillPayload(from: shown)
        func normalized(_ text: String) -> String { text.replacingOccurrences(of: "\r\n", with: "\n") }
        return comparedFields.contains { normalized(fields[$0]) != normalized(before[$0]) }
    }

    private static func composeFromRaw(_ fields: ComposerFields) -> ComposedPayload {
        var result = ComposedPayload(source: .rawJSON, text: nil, fields: fields, errors: [:])
        let raw = fields[.rawJSON]
        let read = JSONReader.apns.read(raw)
        let faults = read.diagnostics.filter { $0.severity == .error && !draftableCodes.contains($0.code) }
        guard let root = read.root, faults.isEmpty else {
            result.errors[.rawJSON] =
                "This is not JSON, so it cannot be saved. " + describe(faults + read.diagnostics)
            return result
        }
        guard root.value.objectMembers != nil else {
            result.errors[.rawJSON] =
                "The payload must be a JSON object ({…}), not \(article(root.value.typeName)), so it cannot be saved."
            return result
        }
        result.text = raw
        result.fields.fillPayload(from: root)
        result.fields[.renderedRaw] = raw
        return result
    }

    private static func composeFromFields(_ fields: ComposerFields) -> ComposedPayload {
        let shown = fields[.renderedRaw]
        let base = JSONReader.apns.read(shown).root.flatMap { $0.value.objectMembers == nil ? nil : $0 }
        var before = ComposerFields()
        before.fillPayload(from: base)
        var overlay = ComposerOverlay(posted: fields, before: before)
        let built = overlay.payload(over: base)
        let compact = JSONWriter().string(built)
        // A payload the fields rewrite is written pretty, one member a line, so Raw JSON stays
        // readable; what is shown is exactly what is measured and sent.
        let pretty = JSONWriter(style: .pretty).string(built)
        var result = ComposedPayload(source: .form, text: nil, fields: fields, errors: overlay.errors)
        result.partialText = pretty
        guard overlay.errors.isEmpty else {
            // "Raw JSON" shows what the report's lines and columns point at; the faulty fields
            // keep their text and their errors, so nothing the person typed is lost.
            result.fields[.rawJSON] = pretty
            result.fields[.renderedRaw] = pretty
            return result
        }
        let unchanged = base.map { JSONWriter().string($0.value) == compact } ?? false
        let text = unchanged ? shown : pretty
        result.rewroteFormatting =
            !unchanged && !shown.isEmpty
            && shown
                != base.map {
                    JSONWriter(style: .pretty).string($0.value)
                }
        result.text = text
        result.fields.fillPayload(from: JSONReader.apns.read(text).root)
        result.fields[.rawJSON] = text
        result.fields[.renderedRaw] = text
        return result
    }

    /// The first reader diagnostic as `line L, column C: message`.
    static func describe(_ diagnostics: [Diagnostic]) -> String {
        guard let first = diagnostics.first(where: { $0.severity == .error }) ?? diagnostics.first else {
            return "It is empty."
        }
        guard let line = first.line else { return first.message }
        return "Line \(line), column \(first.column ?? 1): \(first.message)"
    }

    private static func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" ? "an \(typeName)" : "a \(typeName)"
    }
}
