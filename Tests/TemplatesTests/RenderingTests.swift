import Testing

@testable import Templates

/// The mustache-like subset: variables, dotted names, sections, inverted sections, partials,
/// comments, the current item, standalone lines and the layout slot.
@Suite struct RenderingTests {
    private func render(
        _ source: String,
        _ values: TemplateValue = [:],
        partials: [String: String] = [:]
    ) throws -> String {
        var sources = partials
        sources["page"] = source
        return try TemplateLibrary(sources: sources, missing: .error).render("page", with: values)
    }

    @Test func variablesAndDottedNames() throws {
        let values: TemplateValue = [
            "name": "Pushboard", "category": ["id": "message", "options": ["car": true]],
        ]
        #expect(
            try render("{{name}}/{{ category.id }}/{{category.options.car}}", values)
                == "Pushboard/message/true")
    }

    @Test func unknownValueRendersNothingByDefault() throws {
        let library = try TemplateLibrary(sources: ["page": "[{{missing}}][{{a.b}}][{{list}}]"])
        #expect(try library.render("page", with: ["a": ["c": 1], "list": [1, 2]]) == "[][][]")
    }

    @Test func listSectionIteratesWithCurrentItem() throws {
        #expect(
            try render("{{#items}}<li>{{.}}</li>{{/items}}", ["items": ["a", "<b>", 3]])
                == "<li>a</li><li>&lt;b&gt;</li><li>3</li>")
    }

    @Test func listOfObjectsPushesEachAndFallsBackToOuterNames() throws {
        let values: TemplateValue = [
            "prefix": "#",
            "actions": [["title": "Reply"], ["title": "Delete", "prefix": "!"]],
        ]
        #expect(try render("{{#actions}}{{prefix}}{{title}} {{/actions}}", values) == "#Reply !Delete ")
    }

    /// Truthiness table: which values show a section once and which hide it.
    static let truthiness: [(TemplateValue?, String)] = [
        (.bool(true), "shown"),
        (.bool(false), "hidden"),
        (.int(3), "shown"),
        (.int(0), "hidden"),
        (.double(0.0), "hidden"),
        (.string("x"), "shown"),
        (.string(""), "hidden"),
        (.list([]), "hidden"),
        (.object([:]), "shown"),
        (nil, "hidden"),
    ]

    @Test(arguments: truthiness)
    func sectionsAndInvertedSections(value: TemplateValue?, expected: String) throws {
        var values: [String: TemplateValue] = [:]
        values["flag"] = value
        let html = try render("{{#flag}}shown{{/flag}}{{^flag}}hidden{{/flag}}", .object(values))
        #expect(html == expected)
    }

    @Test func objectSectionPushesContext() throws {
        let values: TemplateValue = ["title": "outer", "alert": ["title": "inner", "body": "text"]]
        #expect(
            try render("{{#alert}}{{title}}: {{body}}{{/alert}} {{title}}", values) == "inner: text outer")
    }

    @Test func stringSectionExposesItselfAsCurrentItem() throws {
        #expect(try render("{{#subtitle}}<h2>{{.}}</h2>{{/subtitle}}", ["subtitle": "Sub"]) == "<h2>Sub</h2>")
    }

    @Test func nestedSectionsWithSameName() throws {
        let values: TemplateValue = ["a": ["a": ["x": "deep"]]]
        #expect(try render("{{#a}}{{#a}}{{x}}{{/a}}{{/a}}", values) == "deep")
    }

    @Test func commentsRenderNothing() throws {
        #expect(try render("a{{! a comment with }} b {{x}} }}c", ["x": 1]) == "a b 1 }}c")
        #expect(try render("a{{!\n spans\n lines\n}}b") == "ab")
    }

    @Test func partialsSeeTheCurrentContextAndNest() throws {
        let partials = [
            "row": "<td>{{name}}</td>{{> cell}}", "partials/cell": "", "cell": "<td>{{count}}</td>",
        ]
        let values: TemplateValue = ["rows": [["name": "a", "count": 1], ["name": "b", "count": 2]]]
        let html = try render(
            "{{#rows}}<tr>{{> row}}</tr>{{/rows}}{{> partials/cell}}", values, partials: partials)
        #expect(html == "<tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr>")
    }

    @Test func standaloneTagLinesLeaveNoBlankLines() throws {
        let source = """
            <ul>
              {{#items}}
              <li>{{.}}</li>
              {{/items}}
              {{! nothing here }}
              {{^items}}
              <li>none</li>
              {{/items}}
            </ul>
            """
        #expect(try render(source, ["items": [1, 2]]) == "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>")
        #expect(try render(source, ["items": []]) == "<ul>\n  <li>none</li>\n</ul>")
    }

    @Test func tagsSharingALineWithTextAreNotStandalone() throws {
        #expect(try render("  {{#a}}x{{/a}}\n", ["a": true]) == "  x\n")
    }

    @Test func crlfSourcesKeepWorking() throws {
        #expect(try render("a\r\n{{#x}}\r\nb\r\n{{/x}}\r\nc", ["x": true]) == "a\r\nb\r\nc")
    }

    @Test func layoutGetsThePageAsRawHTMLAndTheSameValues() throws {
        let library = try TemplateLibrary(
            sources: [
                "layout": "<title>{{title}}</title><main>{{@content}}</main>",
                "page": "<h1>{{title}}</h1>",
            ],
            missing: .error
        )
        let html = try library.render("page", in: "layout", with: ["title": "A & B"])
        #expect(html == "<title>A &amp; B</title><main><h1>A &amp; B</h1></main>")
    }

    @Test func layoutWithoutContentSlotIsAnError() throws {
        let library = try TemplateLibrary(sources: ["layout": "<main></main>", "page": "x"])
        let error = #expect(throws: TemplateError.self) { try library.render("page", in: "layout") }
        #expect(error?.kind == .missingContentSlot)
        let unknown = #expect(throws: TemplateError.self) { try library.render("page", in: "nope") }
        #expect(unknown?.kind == .unknownTemplate)
    }

    @Test func contentSlotInsideASectionCounts() throws {
        let library = try TemplateLibrary(sources: ["layout": "{{#on}}[{{@content}}]{{/on}}", "page": "x"])
        #expect(try library.render("page", in: "layout", with: ["on": true]) == "[x]")
    }

    @Test func slotWithoutContentIsEmptyOrStrictError() throws {
        let sources = ["layout": "<main>{{@content}}</main>"]
        #expect(try TemplateLibrary(sources: sources).render("layout") == "<main></main>")
        #expect(throws: TemplateError.self) {
            try TemplateLibrary(sources: sources, missing: .error).render("layout")
        }
    }

    @Test func unknownTemplateIsAnError() throws {
        let library = try TemplateLibrary(sources: ["page": "x"])
        #expect(library.names == ["page"])
        #expect(library.contains("page"))
        let error = #expect(throws: TemplateError.self) { try library.render("nope") }
        #expect(error?.kind == .unknownTemplate)
        #expect(error?.description == "no template named 'nope'")
    }

    @Test func libraryIsSendableAcrossThreads() async throws {
        let library = try TemplateLibrary(sources: ["page": "{{#n}}{{.}}{{/n}}"])
        try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { try library.render("page", with: ["n": .list([.int(index)])]) }
            }
            var results: Set<String> = []
            for try await html in group {
                results.insert(html)
            }
            #expect(results == Set((0..<8).map(String.init)))
        }
    }
}
