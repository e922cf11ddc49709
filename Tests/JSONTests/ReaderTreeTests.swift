import Testing

@testable import JSON

/// The tree the reader builds: values, spans, numbers, strings and key rules.
struct ReaderTreeTests {
    @Test func spansCoverTheExactBytesOfEachValue() throws {
        let text = "{\"aps\": {\"alert\": \"Ahoj 😀\",\n  \"badge\": 12}, \"n\": [1.5e3, null]}"
        let bytes = Array(text.utf8)
        let root = try #require(JSONReader().read(bytes).root)
        func source(_ node: JSONNode) -> String {
            String(decoding: bytes[node.span.start..<node.span.end], as: UTF8.self)
        }
        #expect(source(root) == text)
        let aps = try #require(root["aps"])
        #expect(source(aps) == "{\"alert\": \"Ahoj 😀\",\n  \"badge\": 12}")
        #expect(source(try #require(aps["alert"])) == "\"Ahoj 😀\"")
        let badge = try #require(aps["badge"])
        #expect(source(badge) == "12")
        #expect(badge.span.line == 2)
        #expect(badge.span.column == 12)
        let member = try #require(root.value.member("n"))
        #expect(member.keySpan.line == 2)
        #expect(member.keySpan.column == 17)
        #expect(source(try #require(member.value.value.arrayElements?[0])) == "1.5e3")
    }

    @Test(
        arguments: [
            ("0", true, 0.0, Int64(0)), ("-0", true, -0.0, Int64(0)), ("42", true, 42, 42),
            ("-17", true, -17, -17),
            ("1.5", false, 1.5, nil), ("1e3", false, 1000, nil), ("2.5E-3", false, 0.0025, nil),
            ("9223372036854775807", true, Double(Int64.max), Int64.max),
            ("-9223372036854775808", true, Double(Int64.min), Int64.min),
            ("9223372036854775808", true, Double(Int64.max), nil),
            ("0.1", false, 0.1, nil), ("123456789.123456789", false, 123_456_789.123456789, nil),
            ("1e-400", false, 0, nil), ("1.7976931348623157e308", false, 1.7976931348623157e308, nil),
        ] as [(String, Bool, Double, Int64?)])
    func numbersKeepTheirLiteralAndValue(
        _ literal: String, _ isInteger: Bool, _ value: Double, _ integer: Int64?
    ) throws {
        let result = JSONReader().read("[\(literal)]")
        #expect(result.diagnostics.isEmpty)
        let number = try #require(result.root?.value.arrayElements?.first?.value.numberValue)
        #expect(number.literal == literal)
        #expect(number.isInteger == isInteger)
        #expect(number.doubleValue == value)
        #expect(number.int64Value == integer)
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"), (#""\u00e9\u0159""#, "éř"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\u0000""#, "\u{0}"), ("\"Xin chào 🇻🇳\"", "Xin chào 🇻🇳"), (#""\u2028""#, "\u{2028}"),
    ])
    func stringsDecodeEscapes(_ literal: String, _ expected: String) throws {
        let result = JSONReader().read(literal)
        #expect(result.diagnostics.isEmpty)
        #expect(result.root?.value.stringValue == expected)
    }

    @Test func faultyStringsStillGiveATreeWithReplacementCharacters() throws {
        let result = JSONReader().read(Array("[\"a".utf8) + [0xFF] + Array("\\ud800b\"]".utf8))
        #expect(result.diagnostics.map(\.code) == ["json.invalid-utf8", "json.lone-surrogate"])
        #expect(result.root?.value.arrayElements?.first?.value.stringValue == "a\u{FFFD}\u{FFFD}b")
    }

    @Test func membersKeepSourceOrderAndDuplicatesStayVisible() throws {
        let result = JSONReader().read(#"{"z":1,"a":2,"m":3,"a":4}"#)
        #expect(result.diagnostics.map(\.code) == ["json.duplicate-key"])
        #expect(result.root?.value.objectMembers?.map(\.key) == ["z", "a", "m", "a"])
        #expect(result.root?["a"]?.value.numberValue?.literal == "4")
    }

    @Test func duplicateKeysAreFoundInLargeObjects() {
        var members = (0..<200).map { "\"k\($0)\":\($0)" }
        members.append("\"k150\":0")
        let result = JSONReader().read("{" + members.joined(separator: ",") + "}")
        #expect(result.diagnostics.map(\.code) == ["json.duplicate-key"])
        #expect(result.diagnostics.first?.path == "$.k150")
    }

    @Test func keysAreComparedByBytesNotByUnicodeEquivalence() {
        let result = JSONReader().read("{\"é\":1,\"e\u{301}\":2,\"K\":3,\"\u{212A}\":4}")
        #expect(result.diagnostics.isEmpty)
        #expect(result.isValid)
    }

    @Test func escapedAndRawKeysWithTheSameTextAreDuplicates() {
        let result = JSONReader().read(#"{"aps":1,"\u0061ps":2}"#)
        #expect(result.diagnostics.map(\.code) == ["json.duplicate-key"])
    }

    @Test func linesCountLineFeedsAndColumnsCountScalars() throws {
        let result = JSONReader().read("{\r\n  \"č\": \"ž\",\r\n  \"x\": tru }")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 8)
    }

    @Test func aByteOrderMarkIsReportedButTheTreeIsRead() throws {
        let result = JSONReader().read([0xEF, 0xBB, 0xBF] + Array(#"{"a": NaN}"#.utf8))
        #expect(result.diagnostics.map(\.code) == ["json.bom", "json.invalid-number"])
        #expect(result.diagnostics.last?.column == 8)
        #expect(result.root?["a"]?.value == .null)
    }

    @Test func readsEveryKindOfInput() {
        let text = #"{"a":[true,false,null]}"#
        let expected = JSONReader().read(text).root
        #expect(expected != nil)
        #expect(JSONReader().read(Array(text.utf8)).root == expected)
        #expect(JSONReader().read(Array(text.utf8)[...]).root == expected)
        #expect(JSONReader().read(text.utf8).root == expected)
    }

    @Test func customDepthLimit() {
        #expect(JSONReader(maximumDepth: 2).read("[[1]]").isValid)
        #expect(JSONReader(maximumDepth: 2).read("[[[1]]]").diagnostics.map(\.code) == ["json.too-deep"])
    }
}
