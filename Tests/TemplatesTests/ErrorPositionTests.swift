import Testing

@testable import Templates

/// Every load error points at `templates/x.html:line:col` and shows the line with a caret
/// (DESIGN.md rule 10).
@Suite struct ErrorPositionTests {
    /// One broken template and exactly what the error must say.
    struct Case: Sendable, CustomTestStringConvertible {
        let source: String
        let kind: TemplateError.Kind
        let line: Int
        let column: Int
        let report: String

        var testDescription: String { "\(kind)" }
    }

    static let cases: [Case] = [
        Case(
            source: "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n</ul>\n",
            kind: .unclosedSection, line: 2, column: 3,
            report: """
                templates/x.html:2:3: section 'items' is never closed
                  {{#items}}
                  ^
                """
        ),
        Case(
            source: "{{#a}}\n\t<p>{{#b}}x{{/a}}</p>\n{{/b}}",
            kind: .mismatchedCloseTag, line: 2, column: 12,
            report: """
                templates/x.html:2:12: closing tag 'a' does not match section 'b' opened at 2:5
                \t<p>{{#b}}x{{/a}}</p>
                \t          ^
                """
        ),
        Case(
            source: "ok\nx {{/items}}",
            kind: .unexpectedCloseTag, line: 2, column: 3,
            report: """
                templates/x.html:2:3: closing tag 'items' has no open section
                x {{/items}}
                  ^
                """
        ),
        Case(
            source: "<header>\n  {{> navigation}}\n</header>",
            kind: .unknownPartial, line: 2, column: 3,
            report: """
                templates/x.html:2:3: no template named 'navigation' (looked for navigation.html)
                  {{> navigation}}
                  ^
                """
        ),
        Case(
            source: "<p>{{title</p>\n<p>{{body}}</p>",
            kind: .unterminatedTag, line: 1, column: 4,
            report: """
                templates/x.html:1:4: tag is not closed with '}}' on its line
                <p>{{title</p>
                   ^
                """
        ),
        Case(
            source: "a\nb {{title",
            kind: .unterminatedTag, line: 2, column: 3,
            report: """
                templates/x.html:2:3: tag is not closed with '}}'
                b {{title
                  ^
                """
        ),
        Case(
            source: "x {{! never closed\n comment",
            kind: .unterminatedTag, line: 1, column: 3,
            report: """
                templates/x.html:1:3: tag is not closed with '}}'
                x {{! never closed
                  ^
                """
        ),
        Case(
            source: "Žluťoučký {{ }} kůň",
            kind: .emptyTagName, line: 1, column: 11,
            report: """
                templates/x.html:1:11: tag has no name
                Žluťoučký {{ }} kůň
                          ^
                """
        ),
        Case(
            source: "e\u{301}e\u{301} {{#}}",
            kind: .emptyTagName, line: 1, column: 4,
            report: "templates/x.html:1:4: tag has no name\ne\u{301}e\u{301} {{#}}\n   ^"
        ),
        Case(
            source: "\n\n   {{a b}}",
            kind: .invalidTagName, line: 3, column: 4,
            report: "templates/x.html:3:4: invalid name 'a b'\n   {{a b}}\n   ^"
        ),
        Case(
            source: "{{{html}}}",
            kind: .unsupportedTag, line: 1, column: 1,
            report: """
                templates/x.html:1:1: unescaped interpolation is not supported: every value is escaped; \
                raw HTML only comes from partials and the layout
                {{{html}}}
                ^
                """
        ),
        Case(
            source: "{{! multi\nline }}\n{{&html}}",
            kind: .unsupportedTag, line: 3, column: 1,
            report: """
                templates/x.html:3:1: unescaped interpolation is not supported: every value is escaped; \
                raw HTML only comes from partials and the layout
                {{&html}}
                ^
                """
        ),
    ]

    @Test(arguments: cases)
    func reportsPositionAndCaret(testCase: Case) {
        let error = #expect(throws: TemplateError.self) {
            try TemplateLibrary(sources: ["x": testCase.source])
        }
        #expect(error?.kind == testCase.kind)
        #expect(error?.location?.file == "templates/x.html")
        #expect(error?.location?.line == testCase.line)
        #expect(error?.location?.column == testCase.column)
        #expect(error?.description == testCase.report)
    }

    @Test func recursivePartialNamesTheCycle() {
        let sources = ["a": "A{{> b}}", "b": "B\n {{> c}}", "c": "{{#x}}{{> a}}{{/x}}"]
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(sources: sources) }
        #expect(error?.kind == .recursivePartial)
        #expect(
            error?.description == """
                templates/c.html:1:7: partials include each other: a → b → c → a
                {{#x}}{{> a}}{{/x}}
                      ^
                """
        )
    }

    @Test func selfIncludingPartialIsACycle() {
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(sources: ["t": "{{> t}}"]) }
        #expect(error?.kind == .recursivePartial)
        #expect(error?.message == "partials include each other: t → t")
    }

    @Test func strictModeReportsTheVariableTag() throws {
        let library = try TemplateLibrary(
            sources: ["x": "<h1>\n  {{#a}}{{tittle}}{{/a}}</h1>"], missing: .error)
        let error = #expect(throws: TemplateError.self) { try library.render("x", with: ["a": true]) }
        #expect(error?.kind == .unknownValue)
        #expect(
            error?.description
                == "templates/x.html:2:9: no value named 'tittle'\n  {{#a}}{{tittle}}{{/a}}</h1>\n        ^")
    }

    @Test func strictModeRefusesListsAsText() throws {
        let library = try TemplateLibrary(sources: ["x": "{{items}}"], missing: .error)
        let error = #expect(throws: TemplateError.self) { try library.render("x", with: ["items": [1]]) }
        #expect(error?.kind == .unknownValue)
    }

    @Test func missingDirectoryIsAnError() {
        let error = #expect(throws: TemplateError.self) {
            try TemplateLibrary(directory: "/nonexistent/pushboard-templates")
        }
        #expect(error?.kind == .unreadable)
    }
}
