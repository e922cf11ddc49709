import Testing

@testable import Templates

/// Every interpolation is escaped per Unicode scalar (DESIGN.md rule 7).
@Suite struct EscapingTests {
    /// Input text and its escaped form; the combining-mark rows fail if escaping went per Character.
    static let table: [(String, String)] = [
        ("plain text", "plain text"),
        ("", ""),
        ("&", "&amp;"),
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("\"\u{301}", "&quot;\u{301}"),
        ("<\u{338}", "&lt;\u{338}"),
        (">\u{338}", "&gt;\u{338}"),
        ("'\u{301}onmouseover=x", "&#39;\u{301}onmouseover=x"),
        ("&amp;", "&amp;amp;"),
        ("a\"b'c", "a&quot;b&#39;c"),
        ("שלום <עולם>", "שלום &lt;עולם&gt;"),
        ("\u{202E}<b>", "\u{202E}&lt;b&gt;"),
        ("👩‍👩‍👧 & 🇨🇿", "👩‍👩‍👧 &amp; 🇨🇿"),
        ("Příliš žluťoučký kůň < úpěl", "Příliš žluťoučký kůň &lt; úpěl"),
        ("Tiếng Việt \"có dấu\"", "Tiếng Việt &quot;có dấu&quot;"),
    ]

    @Test(arguments: table)
    func escapesPerScalar(input: String, expected: String) {
        #expect(input.htmlEscaped() == expected)
    }

    @Test(arguments: table)
    func interpolationEscapes(input: String, expected: String) throws {
        let library = try TemplateLibrary(sources: ["page": "<p title=\"{{value}}\">{{value}}</p>"])
        let html = try library.render("page", with: ["value": .string(input)])
        #expect(html == "<p title=\"\(expected)\">\(expected)</p>")
    }

    /// The UTF-8 scan must agree with a literal per-scalar replacement on any text.
    @Test func matchesPerScalarReference() {
        let pool: [Unicode.Scalar] = [
            "a", "&", "<", ">", "\"", "'", "\u{301}", "\u{338}", "\u{200D}", "ř", "ệ", "ש", "👩", "\u{1F1E8}",
            "\n", "€",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &generator) {
                view.append(pool.randomElement(using: &generator) ?? "a")
            }
            let text = String(view)
            var reference = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": reference += "&amp;"
                case "<": reference += "&lt;"
                case ">": reference += "&gt;"
                case "\"": reference += "&quot;"
                case "'": reference += "&#39;"
                default: reference.unicodeScalars.append(scalar)
                }
            }
            #expect(text.htmlEscaped() == reference, "\(text.debugDescription)")
        }
    }

    @Test func combiningMarkIsOneCharacterButStillEscaped() {
        let quote = "\"\u{301}"
        #expect(quote.count == 1)
        #expect(quote != "\"")
        #expect(!quote.htmlEscaped().unicodeScalars.contains("\""))
        #expect(!"<\u{338}".htmlEscaped().unicodeScalars.contains("<"))
    }

    /// Non-string values are converted to text first, then escaped, never through a locale.
    static let values: [(TemplateValue, String)] = [
        (.int(0), "0"),
        (.int(-42), "-42"),
        (.int(Int.max), "9223372036854775807"),
        (.double(0.5), "0.5"),
        (.double(1234.5), "1234.5"),
        (.double(1.0), "1"),
        (.double(-0.0), "0"),
        (.double(1e20), "1e+20"),
        (.double(0.1 + 0.2), "0.30000000000000004"),
        (.double(.infinity), "inf"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.string("5 < 6"), "5 &lt; 6"),
    ]

    @Test(arguments: values)
    func nonStringValues(value: TemplateValue, expected: String) throws {
        let library = try TemplateLibrary(sources: ["page": "[{{value}}]"])
        #expect(try library.render("page", with: ["value": value]) == "[\(expected)]")
    }

    @Test func templateTextIsNotEscaped() throws {
        let library = try TemplateLibrary(sources: ["page": "<a href=\"/\">it's & ok</a>"])
        #expect(try library.render("page") == "<a href=\"/\">it's & ok</a>")
    }

    @Test func valuesThatLookLikeTagsAreNotRenderedAgain() throws {
        let library = try TemplateLibrary(sources: ["page": "{{value}}"])
        #expect(try library.render("page", with: ["value": "{{secret}}", "secret": "x"]) == "{{secret}}")
    }
}
