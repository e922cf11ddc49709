import HTTPKit
import Templates

/// The rules document as the values of `templates/docs/rules.html`, and its route.
extension RulesDocument {
    /// The path the page is served at; a diagnostic code is its fragment
    /// (`/docs/validation-rules#category.case-mismatch`).
    static let path = "/docs/validation-rules"

    /// `{heading, blocks: [{h2|h3: {id, runs}} | {paragraph: {runs}} | {table: {caption, header:
    /// [{runs}], rows: [{anchor, cells: [{runs, first}]}]}}]}`.
    func values() -> [String: TemplateValue] {
        var title = "Validation rules"
        var items: [TemplateValue] = []
        var section = ""
        for block in blocks {
            switch block {
            case .heading(let level, let text):
                let plain = text.map(\.text).joined()
                if level == 1 {
                    title = plain
                    continue
                }
                section = plain
                let heading: TemplateValue = ["runs": Self.runsValue(text), "id": .string(Self.slug(plain))]
                items.append([level == 2 ? "h2" : "h3": heading])
            case .paragraph(let runs):
                items.append(["paragraph": ["runs": Self.runsValue(runs)]])
            case .table(let header, let rows):
                let rowValues = rows.map { cells -> TemplateValue in
                    let anchor = cells.first?.first { $0.style == .code }?.text ?? ""
                    let values = cells.enumerated().map { index, cell -> TemplateValue in
                        ["runs": Self.runsValue(cell), "first": .bool(index == 0)]
                    }
                    return ["anchor": .string(anchor), "cells": .list(values)]
                }
                let table: TemplateValue = [
                    "caption": .string(section.isEmpty ? title : section),
                    "header": .list(header.map { ["runs": Self.runsValue($0)] }), "rows": .list(rowValues),
                ]
                items.append(["table": table])
            }
        }
        return ["heading": .string(title), "blocks": .list(items)]
    }

    /// Adds `GET /docs/validation-rules`.
    func register(in router: inout DashboardRoutes, pages: PageRenderer) {
        let values = values()
        router.get(Self.path, .viewer) { _, _ in
            try pages.page("docs/rules", title: "Validation rules", section: .none, values: values)
        }
    }

    private static func runsValue(_ runs: [Run]) -> TemplateValue {
        .list(
            runs.map { run in
                var value: [String: TemplateValue] = ["text": .string(run.text)]
                for style in [Run.Style.plain, .code, .strong] {
                    value[style.rawValue] = .bool(run.style == style)
                }
                return .object(value)
            })
    }

    /// A heading as an anchor: lowercase letters and digits, other runs as one `-`.
    private static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }
}
