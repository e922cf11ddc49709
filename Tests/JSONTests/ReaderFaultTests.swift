import Testing

@testable import JSON

/// Every reader fault gives its stable code at the right line and column, and never a crash.
struct ReaderFaultTests {
    struct Fault: CustomTestStringConvertible, Sendable {
        let text: [UInt8]
        let code: String
        let line: Int
        let column: Int
        let hasTree: Bool
        var testDescription: String { String(decoding: text.prefix(40), as: UTF8.self) + " → " + code }

        init(_ text: String, _ code: String, _ line: Int, _ column: Int, tree: Bool = true) {
            self.text = Array(text.utf8)
            self.code = code
            self.line = line
            self.column = column
            self.hasTree = tree
        }

        init(bytes: [UInt8], _ code: String, _ line: Int, _ column: Int, tree: Bool = true) {
            self.text = bytes
            self.code = code
            self.line = line
            self.column = column
            self.hasTree = tree
        }
    }

    static let faults: [Fault] = [
        Fault("", "json.empty", 1, 1, tree: false),
        Fault("  \n ", "json.empty", 2, 2, tree: false),
        Fault(bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), "json.bom", 1, 1),
        Fault(bytes: Array("{\"a\":\"x".utf8) + [0xFF] + Array("\"}".utf8), "json.invalid-utf8", 1, 8),
        Fault(bytes: Array("{\"a\":\"é".utf8) + [0xC3] + Array("\"}".utf8), "json.invalid-utf8", 1, 8),
        Fault(bytes: Array("{\"a\":".utf8) + [0xFF], "json.invalid-utf8", 1, 6, tree: false),
        Fault(bytes: Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), "json.invalid-utf8", 1, 3),
        Fault(bytes: Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8), "json.invalid-utf8", 1, 3),
        Fault(#"{"a": "\ud800"}"#, "json.lone-surrogate", 1, 8),
        Fault(#"{"a": "\udc00x"}"#, "json.lone-surrogate", 1, 8),
        Fault(#"{"a": "\ud800\u0041"}"#, "json.lone-surrogate", 1, 8),
        Fault(#"["\x"]"#, "json.invalid-escape", 1, 3),
        Fault(#"["\u12G4"]"#, "json.invalid-escape", 1, 3),
        Fault("[\"a\tb\"]", "json.control-character", 1, 4),
        Fault("{\"a\": NaN}", "json.invalid-number", 1, 7),
        Fault("{\"a\": Infinity}", "json.invalid-number", 1, 7),
        Fault("{\"a\": -Infinity}", "json.invalid-number", 1, 7),
        Fault("[01]", "json.invalid-number", 1, 2),
        Fault("[+1]", "json.invalid-number", 1, 2),
        Fault("[.5]", "json.invalid-number", 1, 2),
        Fault("[1.]", "json.invalid-number", 1, 2),
        Fault("[1e]", "json.invalid-number", 1, 2),
        Fault("[-]", "json.invalid-number", 1, 2),
        Fault("[1e400]", "json.number-out-of-range", 1, 2),
        Fault("[-1e400]", "json.number-out-of-range", 1, 2),
        Fault("{\"a\":1,\n \"a\":2}", "json.duplicate-key", 2, 2),
        Fault("{\"x\":{\"b\":[{\"c\":1,\"c\":1}]}}", "json.duplicate-key", 1, 19),
        Fault("[1,2,]", "json.trailing-comma", 1, 5),
        Fault("{\"a\":1,}", "json.trailing-comma", 1, 7),
        Fault("{} x", "json.trailing-data", 1, 4),
        Fault("{}{}", "json.trailing-data", 1, 3),
        Fault("[1 2]", "json.syntax", 1, 4, tree: false),
        Fault("{\"a\" 1}", "json.syntax", 1, 6, tree: false),
        Fault("{a:1}", "json.syntax", 1, 2, tree: false),
        Fault("[tru]", "json.syntax", 1, 2),
        Fault("[\"abc", "json.syntax", 1, 2, tree: false),
        Fault("{\"a\":", "json.syntax", 1, 6, tree: false),
        Fault("[#]", "json.syntax", 1, 2, tree: false),
        Fault("{\"č\": \"ř\", \"ž\": @}", "json.syntax", 1, 17, tree: false),
        Fault(String(repeating: "[", count: 513), "json.too-deep", 1, 513, tree: false),
    ]

    @Test(arguments: faults)
    func reportsFault(_ fault: Fault) throws {
        let result = JSONReader().read(fault.text)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.code == fault.code, "\(diagnostic.message)")
        #expect(diagnostic.line == fault.line)
        #expect(diagnostic.column == fault.column)
        #expect(diagnostic.severity == .error)
        #expect((result.root != nil) == fault.hasTree)
        #expect(!result.isValid)
    }

    @Test(arguments: [
        "{}", "[]", "0", "-0", "1.5e-3", "\"\"", "true", "null", " {\"a\" : [ 1 , 2 ] } \n",
        #"{"emoji":"\ud83d\ude00","esc":"\"\\\/\b\f\n\r\t"}"#, "{\"č\":\"Příliš žluťoučký kůň\"}",
        "[1e308, -1e-400, 123456789012345678901234567890]",
    ])
    func acceptsValidJSON(_ text: String) {
        let result = JSONReader().read(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.root != nil)
    }

    @Test func duplicateKeyMessageNamesBothPlaces() throws {
        let result = JSONReader().read("{\"aps\":{\"badge\":1,\n\"badge\":2}}")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.path == "$.aps.badge")
        #expect(diagnostic.message.contains("line 1, column 9"))
        #expect(diagnostic.message.contains("line 2, column 1"))
    }

    @Test(arguments: ["[", "{\"a\":"])
    func hundredThousandLevelsAreReportedNotCrashed(_ opener: String) throws {
        let text = String(repeating: opener, count: 100_000)
        let result = JSONReader().read(text)
        #expect(result.root == nil)
        #expect(result.diagnostics.map(\.code) == ["json.too-deep"])
    }

    @Test func depthLimitIsInclusive() {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(JSONReader().read(deepest).isValid)
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let result = JSONReader().read("{\"zpráva\": \"Ahoj 😀\", \"x\": NaN}")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.column == 27)
    }

    @Test func errorPathPointsIntoTheTree() throws {
        let result = JSONReader().read(#"{"aps":{"alert":{"loc-args":["a", NaN]}}}"#)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.path == "$.aps.alert.loc-args[1]")
    }

    @Test func stopsAfterTooManyFaults() {
        let text = "[" + Array(repeating: "NaN", count: 500).joined(separator: ",") + "]"
        let result = JSONReader().read(text)
        #expect(result.diagnostics.count == JSONReader.maximumDiagnostics + 1)
        #expect(result.diagnostics.last?.code == "json.too-many-errors")
        #expect(result.root == nil)
    }
}
