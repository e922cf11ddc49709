import Foundation
import JSON
import Localization
import MediaCheck
import NotificationKit
import NotificationPreview
import Personalization
import Testing

@testable import Dashboard

/// Every table of diagnostic codes against `docs/validation-rules.md`: each code has one row with
/// its severity and an anchor on the served page, and each row names a code some table has.
@Suite struct DiagnosticCodeDocumentTests {
    /// Every diagnostic code table of the tree; a new table is one line here.
    static let tables: [any DiagnosticCode.Type] = [
        JSONReadCode.self, PayloadCode.self, ActivityCode.self, CategoryDiagnosticCode.self,
        ActivityTypeCode.self, ModelCode.self, ExportCode.self, PreviewCode.self, MediaCheckCode.self,
        LocalizationCode.self,
        TemplateCode.self,
    ]

    /// The checkout, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// One table's codes with their severities.
    static func rows<Table: DiagnosticCode>(of table: Table.Type) -> [(code: String, severity: String)] {
        Table.allCases.map { ($0.code, $0.severity.rawValue) }
    }

    /// Every code of every table, with its severity.
    static var declared: [(code: String, severity: String)] { tables.flatMap { rows(of: $0) } }

    /// The document's table rows: code and severity (the first two cells).
    static func documented() throws -> [(code: String, severity: String)] {
        let text = try String(
            contentsOf: repository.appendingPathComponent("docs/validation-rules.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (String(cells[0].dropFirst().dropLast()), cells[1])
        }
    }

    @Test func everyCodeIsInOneTableOnly() {
        let codes = Self.declared.map(\.code)
        #expect(Set(codes).count == codes.count, "a code is declared twice")
    }

    @Test func everyCodeIsDocumentedOnceWithItsSeverity() throws {
        let rows = try Self.documented()
        let documented = Dictionary(
            rows.map { ($0.code, $0.severity) }, uniquingKeysWith: { first, _ in first })
        #expect(documented.count == rows.count, "a code is listed twice")
        for row in Self.declared {
            #expect(documented[row.code] == row.severity, "\(row.code) is not documented as \(row.severity)")
        }
    }

    @Test func everyDocumentedCodeIsInATable() throws {
        let declared = Set(Self.declared.map(\.code))
        let stale = try Self.documented().map(\.code).filter { !declared.contains($0) }
        #expect(stale.isEmpty, "documented codes no table has: \(stale)")
    }

    @Test func everyCodesAnchorLandsOnItsRow() throws {
        let fixture = try DashboardFixture()
        let html = DashboardFixture.text(fixture.send(.get, PayloadCode.documentationPage))
        for table in Self.tables {
            for anchor in Self.anchors(of: table) {
                let id = anchor.split(separator: "#", maxSplits: 1).last.map(String.init) ?? ""
                #expect(html.contains(#"<tr id="\#(id)">"#), "no row for \(anchor)")
            }
        }
    }

    /// One table's documentation anchors.
    static func anchors<Table: DiagnosticCode>(of table: Table.Type) -> [String] {
        Table.allCases.map(\.documentationAnchor)
    }
}
