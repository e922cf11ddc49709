import JSON
import Testing

@testable import NotificationKit

/// The validator tells `aps` and `alert` members apart by the bytes of their decoded names, read
/// in place: a name written with escapes (`"\u0061lert"`) is the same key as the plain one, so
/// every input of the case table gives the same findings either way.
@Suite struct ValidatorKeySpellingTests {
    /// `text` with the first letter of every member name written as a `\u00XX` escape; nil when
    /// the text is not read into a tree.
    static func escapingNames(_ bytes: [UInt8]) -> [UInt8]? {
        let document = JSONReader().readDocument(bytes)
        guard let root = document.root else { return nil }
        var starts: [Int] = []
        var containers = [root]
        while let container = containers.popLast() {
            for (key, value) in document.memberElements(container) {
                let first = document.span(key).start + 1
                if first < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[first]) {
                    starts.append(first)
                }
                containers.append(value)
            }
            containers.append(contentsOf: document.elements(container))
        }
        var escaped = bytes
        for start in starts.sorted(by: >) {
            let hex = Array(String(bytes[start], radix: 16).utf8)
            escaped.replaceSubrange(start...start, with: Array(#"\u00"#.utf8) + hex)
        }
        return escaped
    }

    /// What a finding is, apart from where it is written (escapes move columns and sizes).
    static func findings(_ report: ValidationReport) -> [String] {
        report.diagnostics.filter { $0.code != PayloadCode.payloadTooLarge.rawValue }
            .map { "\($0.severity) \($0.code) \($0.path)" }.sorted()
    }

    @Test(arguments: ValidatorCaseTable.all)
    func escapedNamesGiveTheSameFindings(_ testCase: ValidatorCase) throws {
        for input in [testCase.failing, testCase.passing] {
            guard let escaped = Self.escapingNames(input.bytes), escaped != input.bytes else { continue }
            var spelled = input
            spelled.bytes = escaped
            #expect(
                Self.findings(spelled.report) == Self.findings(input.report),
                "\(String(decoding: escaped, as: UTF8.self))")
        }
    }

    /// An unknown key keeps its decoded name in the message and the path.
    @Test func unknownEscapedKeyIsNamedDecoded() {
        let report = Validator().validate(payload: #"{"aps":{"alert":"x","\u0074itel":1}}"#)
        let finding = report.diagnostics.first { $0.code == PayloadCode.apsUnknownKey.rawValue }
        #expect(finding?.path == "$.aps.titel")
        #expect(finding?.message.hasPrefix(#""titel" is not an Apple-defined key"#) == true)
    }

    /// The key tables find every key from its bytes exactly as from its name, and nothing else.
    @Test func keyTablesMatchBytesAsNames() {
        func lookUp(_ name: String) -> (APSKey?, AlertKey?) {
            let bytes = Array(name.utf8)
            return bytes.withUnsafeBufferPointer { (APSKey.named(bytes: $0), AlertKey.named(bytes: $0)) }
        }
        for key in APSKey.allCases {
            #expect(lookUp(key.rawValue).0 == key)
            #expect(APSKey.named(key.rawValue) == key)
        }
        for key in AlertKey.allCases {
            #expect(lookUp(key.rawValue).1 == key)
        }
        for miss in ["", "Alert", "alerts", "aler", "badgf", "title-loc-arg", "loc_key", "é"] {
            #expect(lookUp(miss).0 == nil && lookUp(miss).1 == nil && APSKey.named(miss) == nil)
        }
    }

    /// Suggestions normalise a key the same way whether it is ASCII (read byte by byte) or not
    /// (read by character): case humps, `_` and spaces become `-`, letters become lowercase.
    @Test(arguments: [
        ("contentAvailable", "content-available"), ("Content_Available", "content-available"),
        ("URLArgs", "urlargs"), ("threadID", "thread-id"), ("mutable content", "mutable-content"),
        ("a1B-c\r\nD", "a1b-c\r\nd"), ("", ""), ("ÉtatX", "état-x"), ("soundÄ_x", "sound-ä-x"),
    ])
    func keysAreNormalisedForSuggestions(_ key: String, _ normalized: String) {
        #expect(KeySuggestion.normalize(key) == normalized)
    }

    /// The suggestion for a misspelled key, including those found only without hyphens.
    @Test(
        arguments: [
            ("content_available", "content-available"), ("threadId", "thread-id"),
            ("mutablecontent", "mutable-content"),
            ("target-content-identifier", "target-content-id"), ("bdge", "badge"), ("xyzzy", nil),
        ] as [(String, String?)])
    func misspelledKeysGetTheirSuggestion(_ key: String, _ suggestion: String?) {
        #expect(KeySuggestion.suggestion(for: key, among: Validator.apsKeys) == suggestion)
    }
}
