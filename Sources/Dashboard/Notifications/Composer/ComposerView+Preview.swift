import Foundation
import JSON
import NotificationKit
import NotificationPreview
import Templates

/// The values of the preview and validation regions: every line exactly as the server computed
/// it, so the page draws lines and never wraps text itself (DESIGN rule 9).
extension ComposerView {
    /// `preview`: `{device, deviceLabel, ios, hidden, compact: [surface], expanded: [surface],
    /// noExpandedView (CarPlay: the banner is all it shows), notes: [text]}`. `mediaSource` is
    /// the dashboard's copy of a checked image that will be attached: the platters then draw the
    /// real picture instead of a placeholder. `mediaNote` labels a placeholder drawn for media
    /// this server could not fetch.
    static func previewValue(
        _ preview: NotificationPreviewResult, dark: Bool = false, mediaSource: String? = nil,
        mediaNote: String? = nil
    ) -> TemplateValue {
        let media = (source: mediaSource, note: mediaNote)
        let compact = preview.surfaces.filter { $0.surface.isCompact }.map { surfaceValue($0, media) }
        let expanded = preview.surfaces.filter { !$0.surface.isCompact }.map { surfaceValue($0, media) }
        return [
            "device": .string(preview.device.rawValue), "deviceLabel": .string(preview.device.label),
            "ios": .string(preview.version.displayName), "hidden": .bool(preview.hiddenPreviews),
            "dark": .bool(dark),
            "width": points(preview.deviceWidth), "compact": .list(compact), "expanded": .list(expanded),
            "noExpandedView": .bool(expanded.isEmpty),
            "notes": .list(preview.notes.map(TemplateValue.string)),
        ]
    }

    /// One surface: its fields line by line, media, buttons and size.
    private static func surfaceValue(
        _ surface: SurfacePreview, _ mediaFile: (source: String?, note: String?)
    ) -> TemplateValue {
        let fold = surface.scrolls == true ? surface.visibleBodyLines : nil
        var value: [String: TemplateValue] = [
            "surface": .string(surface.surface.rawValue), "name": .string(surface.surface.title),
            "title": fieldValue(surface.title, role: "title"),
            "subtitle": fieldValue(surface.subtitle, role: "subtitle"),
            "body": fieldValue(surface.body, role: "body", fold: fold),
            "truncated": .bool(surface.body.truncated || surface.title.truncated),
            "timestamp": .string(surface.timestamp), "header": .string(surface.header ?? ""),
            "height": points(surface.height), "scrolls": .bool(surface.scrolls == true),
            "visibleHeight": points(surface.visibleHeight ?? surface.height),
            "scaled": .bool(surface.scale != nil), "scale": .double(surface.scale ?? 1),
            "actions": .list(surface.actions.map(actionValue)), "hasActions": .bool(!surface.actions.isEmpty),
            "annotated": .bool(surface.actions.contains { !traits(of: $0).isEmpty }),
            "dismiss": .bool(surface.surface == .longLook),
        ]
        if let media = surface.media {
            value["media"] = [
                "kind": .string(media.kind), "placement": .string(media.placement.rawValue),
                "width": points(media.width), "height": points(media.height),
                "assumed": .bool(media.aspectRatioAssumed),
                "src": .string(media.kind == "image" ? mediaFile.source ?? "" : ""),
                "note": .string(mediaFile.note ?? ""),
            ]
        }
        return .object(value)
    }

    /// One field: its direction, set once on the element holding its lines, and each line as
    /// runs the page draws exactly as the engine measured them (`GlyphRun`).
    private static func fieldValue(_ field: FieldLayout, role: String, fold: Int? = nil) -> TemplateValue {
        let lines = (0..<field.lineCount).map { index -> TemplateValue in
            let runs = field.runs(ofLine: index).map { run -> TemplateValue in
                ["kind": .string(run.kind.rawValue), "text": .string(run.text)]
            }
            return [
                "runs": .list(runs), "fold": .bool(index == fold),
                "last": .bool(index == field.lineCount - 1),
            ]
        }
        return [
            "role": .string(role), "font": .string(field.fontName), "dir": .string(field.direction.rawValue),
            "column": .string(String(format: "%.2f", field.columnWidth)), "lines": .list(lines),
            "hasLines": .bool(!lines.isEmpty), "truncated": .bool(field.truncated),
        ]
    }

    /// One button: title as shown, red when destructive, and what choosing it does (`meta`,
    /// drawn beside the mock-up, never inside it: iOS puts the action's icon where it would go).
    private static func actionValue(_ action: ActionPreview) -> TemplateValue {
        [
            "identifier": .string(action.identifier), "title": .string(action.title),
            "destructive": .bool(action.style == "destructive"),
            "meta": .string(traits(of: action).joined(separator: " · ")),
        ]
    }

    /// What choosing `action` does, in words: its text field, destructive style, unlock, app.
    private static func traits(of action: ActionPreview) -> [String] {
        var traits: [String] = []
        if action.textInput {
            traits.append(
                "text field “\(action.textInputPlaceholder ?? "")” with “\(action.textInputButtonTitle ?? "")”"
            )
        }
        if action.style == "destructive" { traits.append("destructive (red)") }
        if action.authenticationRequired { traits.append("unlock first") }
        if action.foreground { traits.append("opens the app") }
        return traits
    }

    /// Points with at most one decimal, as the captions show them.
    static func points(_ value: Double) -> TemplateValue {
        .double((value * 10).rounded() / 10)
    }

    /// `report`: validity, size against the limit, every diagnostic with its place and the field
    /// it belongs to, and the byte budget when the payload is too large.
    static func reportValue(_ analysis: ComposerAnalysis, notes: ComposerFieldNotes) -> TemplateValue {
        let report = analysis.report
        let root = analysis.root
        let mediaKey = ComposerFields.mediaKey(in: root)
        let diagnostics = report.diagnostics.map { diagnostic -> TemplateValue in
            var place = ""
            if let line = diagnostic.line {
                place = "\(line):\(diagnostic.column ?? 1)"
            }
            let field = ComposerField.field(forPath: diagnostic.path, mediaKey: mediaKey)
            return [
                "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code),
                "message": .string(DiagnosticText.isolatingQuotes(diagnostic.message)),
                "path": .string(diagnostic.path),
                "place": .string(place), "field": .string(field.rawValue), "fieldLabel": .string(field.label),
                "buttonsMissing": .bool(ComposerFieldNotes.missingButtonCodes.contains(diagnostic.code)),
            ]
        }
        let formErrors = ComposerField.allCases.compactMap { field -> TemplateValue? in
            analysis.composed.errors[field].map {
                ["field": .string(field.rawValue), "label": .string(field.label), "message": .string($0)]
            }
        }
        let valid = report.valid && formErrors.isEmpty
        var value: [String: TemplateValue] = [
            "valid": .bool(valid && !notes.buttonsMissing), "apnsValid": .bool(valid),
            "buttonsMissing": .bool(notes.buttonsMissing), "pushType": .string(report.pushType),
            "bytes": .int(report.size.bytes), "limit": .int(report.size.limit),
            "over": .bool(report.size.bytes > report.size.limit), "diagnostics": .list(diagnostics),
            "counts": .string(counts(report.diagnostics, fieldErrors: formErrors.count)),
            "formErrors": .list(formErrors),
        ]
        if let budget = PayloadByteBudget(
            bytes: analysis.analysis.bytes.count, root: root, limit: report.size.limit)
        {
            value["budget"] = budgetValue(budget)
        }
        return .object(value)
    }

    /// `budget`: `{over, parts: [{label, field, bytes, share}], advice}`.
    private static func budgetValue(_ budget: PayloadByteBudget) -> TemplateValue {
        let parts = budget.parts.map { part -> TemplateValue in
            var share = ""
            if let perCharacter = part.bytesPerCharacter, let characters = part.characters {
                let each = (perCharacter * 10).rounded() / 10
                share = "\(characters) characters, about \(each) bytes each"
            }
            return [
                "label": .string(part.label), "field": .string(part.field?.rawValue ?? ""),
                "bytes": .int(part.bytes), "share": .string(share),
            ]
        }
        var advice = "Remove \(budget.over) bytes."
        if let largest = budget.largestText, let cut = largest.charactersToCut(for: budget.over) {
            advice =
                "Remove \(budget.over) bytes: in the \(largest.label.lowercased()), that is about \(cut) "
                + "characters of its text."
        }
        return ["over": .int(budget.over), "parts": .list(parts), "advice": .string(advice)]
    }

    /// "1 field error, 1 error, 2 warnings", or "no findings".
    private static func counts(_ diagnostics: [Diagnostic], fieldErrors: Int) -> String {
        var parts = fieldErrors == 0 ? [] : ["\(fieldErrors) field error\(fieldErrors == 1 ? "" : "s")"]
        parts += Severity.allCases.compactMap { severity -> String? in
            let count = diagnostics.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        return parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
    }
}
