import NotificationPreview
import Templates

/// The composer's language variants (issue 27): the tabs (`notifications/variants`), each
/// variant's state (`notifications/variant-status`) and the language matrix
/// (`notifications/language-matrix`).
extension ComposerView {
    /// `variants`: `{tagsText, shownTag, baseShown, any, tabs: [{tag, selected, note, fields:
    /// [{name, label, value, multiline}]}]}`.
    func variantsValue() -> TemplateValue {
        let states = Dictionary(overview.states.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
        let tabs: [TemplateValue] = variants.variants.entries.map { entry in
            let fields: [TemplateValue] = NotificationVariants.Texts.fields.map { field in
                [
                    "name": .string(ComposerVariants.fieldName(entry.tag, field)),
                    "label": .string(field.prefix(1).uppercased() + field.dropFirst()),
                    "value": .string(entry.texts[field]), "multiline": .bool(field == "body"),
                ]
            }
            return [
                "tag": .string(entry.tag), "selected": .bool(entry.tag == variants.shown),
                "note": .string(states[entry.tag].map(Self.note) ?? ""), "fields": .list(fields),
            ]
        }
        return [
            "tagsText": .string(variants.variants.tags.joined(separator: " ")),
            "shownTag": .string(variants.shown ?? ""), "baseShown": .bool(variants.shown == nil),
            "any": .bool(!tabs.isEmpty), "tabs": .list(tabs),
        ]
    }

    /// `variantStatus`: `{any, states: [{tag, text, problem, note}], uncovered, hasUncovered}`.
    func variantStatusValue() -> TemplateValue {
        let states: [TemplateValue] = overview.states.map { state in
            let note = Self.note(state)
            return [
                "tag": .string(state.tag),
                "text": .string((note.isEmpty ? "complete and valid" : note) + " · \(state.bytes) bytes"),
                "problem": .bool(!note.isEmpty), "note": .string(note),
            ]
        }
        return [
            "any": .bool(!states.isEmpty), "states": .list(states),
            "uncovered": .string(overview.uncovered.joined(separator: ", ")),
            "hasUncovered": .bool(!overview.uncovered.isEmpty),
        ]
    }

    /// "missing body · 2 errors", or empty for a complete, valid variant.
    static func note(_ state: VariantOverview.State) -> String {
        var parts: [String] = []
        if !state.missing.isEmpty { parts.append("missing " + state.missing.joined(separator: ", ")) }
        if state.errors > 0 { parts.append("\(state.errors) error\(state.errors == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    /// `languageMatrix`: `{any, languages: [{language, hasLang, summary, cut, rows: [{first,
    /// span, device, surface, cells}]}], text}`: language × device × surface, and the same as
    /// text for a ticket (what `POST /api/v1/preview?device=all&languages=` answers as text).
    func languageMatrixValue() -> TemplateValue {
        guard let matrix = overview.matrix else { return ["any": .bool(false)] }
        let languages: [TemplateValue] = matrix.matrices.map { entry in
            let cut = entry.matrix.rows.filter { row in
                PreviewMatrix.fields.contains { row.cell($0).truncated }
            }
            let rows: [TemplateValue] = entry.matrix.rows.enumerated().map { index, row in
                [
                    "first": .bool(index == 0), "span": .int(entry.matrix.rows.count),
                    "device": .string(row.device.label), "surface": .string(row.surface.title),
                    "cells": .list(PreviewMatrix.fields.map { Self.matrixCell(row.cell($0), field: $0) }),
                ]
            }
            return [
                "language": .string(entry.language),
                // "base" (the payload's own texts) is no language tag, so it gets no lang attribute.
                "hasLang": .bool(
                    variants.variants.texts(of: entry.language) != nil || overview.states.isEmpty),
                "summary": .string(
                    cut.isEmpty
                        ? "fits on every device and surface"
                        : "cut on \(cut.count) of \(entry.matrix.rows.count) device surfaces"),
                "cut": .bool(!cut.isEmpty), "rows": .list(rows),
            ]
        }
        return ["any": .bool(true), "languages": .list(languages), "text": .string(matrix.table())]
    }
}
