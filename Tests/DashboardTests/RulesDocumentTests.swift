import Foundation
import NotificationKit
import Testing

@testable import Dashboard

/// `docs/validation-rules.md` served as a page: every code has its anchored row with its Fix,
/// and Markdown text is escaped, never passed through as HTML.
@Suite struct RulesDocumentTests {
    @Test func everyValidatorCodeHasAnAnchoredRowWithItsFix() throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(.get, "/docs/validation-rules")
        #expect(response.status == .ok)
        let html = DashboardFixture.text(response)
        for code in PayloadCode.allCases.map(\.rawValue) {
            #expect(html.contains(#"<tr id="\#(code)">"#), "no row for \(code)")
        }
        #expect(html.contains("Use the registered spelling exactly."))
        #expect(html.contains(#"<th scope="col">How to fix</th>"#))
    }

    @Test func markdownIsReadIntoEscapedRuns() {
        let document = RulesDocument(
            markdown: """
                # Title

                Some `a|b` and **bold** <script>
                text.

                | Code | Fix |
                |---|---|
                | `x.y` | Use `<b>` |
                """)
        let plain = { (text: String) in RulesDocument.Run(text: text, style: .plain) }
        let code = { (text: String) in RulesDocument.Run(text: text, style: .code) }
        #expect(
            document.blocks == [
                .heading(level: 1, text: [plain("Title")]),
                .paragraph([
                    plain("Some "), code("a|b"), plain(" and "), .init(text: "bold", style: .strong),
                    plain(" <script> text."),
                ]),
                .table(
                    header: [[plain("Code")], [plain("Fix")]],
                    rows: [[[code("x.y")], [plain("Use "), code("<b>")]]]),
            ])
        #expect(RulesDocument.cells(of: "| `a|b` | c |") == ["`a|b`", "c"])
    }
}
