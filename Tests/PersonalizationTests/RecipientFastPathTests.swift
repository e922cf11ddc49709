import JSON
import NotificationKit
import Testing

@testable import Personalization

/// The fast path of `RecipientLine` writes, for every line, byte for byte the result line the
/// full way (tree, values, render, validator) writes: over the injection corpus's random values,
/// written as JSON Lines in several ways, and over broken lines, on templates whose strings sit
/// where only their emptiness counts, with one scratch kept across all lines as a run does.
@Suite struct RecipientFastPathTests {
    typealias SplitMix = InjectionPropertyTests.SplitMix

    static let declarations = [
        VariableDeclaration(
            name: "a", type: .text, example: "x", maxLength: 3000, scripts: TextScript.allCases),
        VariableDeclaration(
            name: "b", type: .text, example: "y", optional: true, maxLength: 3000,
            scripts: TextScript.allCases),
        VariableDeclaration(name: "c", type: .text, example: "z", maxLength: 12),
    ]

    /// Templates with a fast path: filters, conditions, an optional value that can empty the
    /// only text of an alert, a collapse id made of a value, and values big enough to pass the
    /// size limit.
    static let templates: [(payload: String, headers: [String: String])] = [
        (
            #"{"aps":{"alert":{"title":"{{ a }}","body":"x{{ b | default: \"\" | upcase }}y{% if c == \"k\" %}K{% else %}{{ c }}{% endif %}"},"thread-id":"{{ a | replace: \"a\", '\"' }}"},"data":{"k":"{{ b | default: \"-\" | truncate: 5 }}","n":2}}"#,
            ["apns-push-type": "alert", "apns-collapse-id": "{{ a }}"]
        ),
        (#"{"aps":{"alert":"{{ b | default: \"\" }}"},"d":["{{ a }}{{ a }}"]}"#, ["apns-push-type": "alert"]),
        (
            #"{"aps":{"alert":{"body":"{{ b | default: \"\" }}"}}}"#,
            ["apns-push-type": "alert", "apns-collapse-id": "id-{{ c }}"]
        ),
    ]

    /// A value as a JSON string the flat reader takes (only two-character escapes), or as the
    /// JSON writer writes it (`\u` for control characters, which the full way reads).
    static func literal(_ value: String, _ generator: inout SplitMix) -> String {
        guard Bool.random(using: &generator) else { return JSONWriter.quoted(value) }
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "/": text += "\\/"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Pieces a declared value may hold that still need escaping or look like tags.
    static let allowedPieces = [
        "\"", "\\", "}}", "{{", "{%", "/", "é", "🎉", "a", "k", " ", "</script>", "\",\"evil\":\"", "Zoë",
        "\u{2019}",
    ]

    static func allowedValue(_ generator: inout SplitMix) -> String {
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            allowedPieces.randomElement(using: &generator)!
        }.joined()
    }

    static func line(_ generator: inout SplitMix) -> [UInt8] {
        var members: [String] = []
        for name in ["a", "b", "c", "extra"] where Int.random(in: 0..<8, using: &generator) > 0 {
            var value =
                Int.random(in: 0..<3, using: &generator) == 0
                ? InjectionPropertyTests.randomValue(&generator) : Self.allowedValue(&generator)
            if name == "c" {
                value =
                    Bool.random(using: &generator)
                    ? String(value.unicodeScalars.prefix(14).map(Character.init))
                    : ["k", "A-7731", "Ørestad", "O\"B\\"].randomElement(using: &generator)!
            }
            if Int.random(in: 0..<40, using: &generator) == 0 { value = String(repeating: "é", count: 2500) }
            if Int.random(in: 0..<10, using: &generator) == 0 { value = "" }
            let written =
                switch Int.random(in: 0..<30, using: &generator) {
                case 0: "null"
                case 1: "12"
                case 2: "{\"x\":1}"
                default: literal(value, &generator)
                }
            members.append("\"\(name)\"" + [":", " : ", ":\t"].randomElement(using: &generator)! + written)
        }
        if Int.random(in: 0..<20, using: &generator) == 0, let first = members.first { members.append(first) }
        var bytes = Array(
            ("{" + members.joined(separator: [",", ", "].randomElement(using: &generator)!) + "}").utf8)
        switch Int.random(in: 0..<25, using: &generator) {
        case 0: bytes.removeLast(Int.random(in: 1...bytes.count, using: &generator))
        case 1: bytes.insert(0xFF, at: Int.random(in: 0..<bytes.count, using: &generator))
        case 2: bytes.append(contentsOf: Array(" x".utf8))
        case 3: bytes.insert(0x01, at: Int.random(in: 0..<bytes.count, using: &generator))
        case 4: bytes.append(UInt8(ascii: "\r"))
        default: break
        }
        return bytes
    }

    @Test(arguments: 0..<3) func fastLinesAreTheFullWaysBytes(templateIndex: Int) throws {
        let (payload, headers) = Self.templates[templateIndex]
        let template = try Fixtures.template(payload, headers: headers, Self.declarations)
        let fast = RecipientLine(template: template, validator: Fixtures.validator)
        let full = RecipientLine(template: template, validator: Fixtures.validator, fast: false)
        let fastPath = try #require(fast.fastPath)
        var scratch = RecipientScratch(for: fast)
        var generator = SplitMix(state: 28 + UInt64(templateIndex))
        var taken = 0
        var statuses: Set<Bool> = []
        for number in 1...3000 {
            let line = Self.line(&generator)
            var expected: [UInt8] = []
            let expectedValid = full.render(line, number: number, to: &expected)
            var written: [UInt8] = []
            let valid = line.withUnsafeBufferPointer {
                fastPath.render(
                    $0, number: number, to: &written, scratch: &scratch, validator: Fixtures.validator)
            }
            if let valid {
                taken += 1
                statuses.insert(valid)
                #expect(valid == expectedValid, "line \(number): \(String(decoding: line, as: UTF8.self))")
                #expect(
                    written == expected,
                    "line \(number): \(String(decoding: line, as: UTF8.self))\n\(String(decoding: written, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))"
                )
            } else {
                #expect(written.isEmpty)
            }
            // Through the public entry, which falls back to the full way: the same bytes.
            var entry: [UInt8] = []
            fast.render(line, number: number, to: &entry, scratch: &scratch)
            #expect(entry == expected, "line \(number)")
        }
        print("template \(templateIndex): \(taken) of 3000 lines on the fast path")
        // Many lines take the fast path (a third of the values are random scalars that fail their
        // declaration, and a fifth of the lines are broken), and both answers occur on it.
        #expect(taken > 300)
        #expect(statuses == [true, false] || templateIndex == 0)
    }

    @Test func stringsTheValidatorReadsHaveNoFastPath() throws {
        for payload in [
            #"{"aps":{"alert":{"body":"x"},"category":"{{ a }}"}}"#,
            #"{"aps":{"alert":{"loc-key":"k","loc-args":["{{ a }}"]}}}"#,
            #"{"aps":{"alert":"x","sound":"{{ a }}"}}"#, #"{"aps":{"alert":"x"},"media-url":"{{ a }}"}"#,
        ] {
            let template = try Fixtures.template(payload, Self.declarations)
            #expect(
                RecipientLine(template: template, validator: Fixtures.validator).fastPath == nil, "\(payload)"
            )
        }
        #expect(RecipientFastPath.isJudgedByEmptinessOnly("$.apsx.y"))
        #expect(RecipientFastPath.isJudgedByEmptinessOnly(#"$["aps.x"]"#))
        #expect(!RecipientFastPath.isJudgedByEmptinessOnly("$.aps.alert.launch-image"))
        #expect(!RecipientFastPath.isJudgedByEmptinessOnly("$.image[0]"))
    }

    @Test func theFlatReaderGivesUpOnWhatOnlyTheFullReaderKnows() {
        let reader = FlatRecipientReader(names: ["a", "b"])
        func read(_ text: String) -> [String?]? {
            var values: [String?] = [nil, nil]
            var keys: [Range<Int>] = []
            var scratch: [UInt8] = []
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer {
                reader.read($0, into: &values, keys: &keys, scratch: &scratch)
            }
            return read ? values : nil
        }
        #expect(read(#" { "a" : "x\"y\\z\/" , "q":"é" } "#)! == ["x\"y\\z/", nil])
        #expect(read(#"{"b":"\n\t\r\b\f"}"#)! == [nil, "\n\t\r\u{8}\u{C}"])
        for refused in [
            #"{"a":"\u0041"}"#, #"{"a":"x","a":"y"}"#, #"{"q":1,"a":"x"}"#, #"{"a":null}"#, #"{}"#,
            #"{"a":"x",}"#, #"{"a":"x"} 1"#, #"{"a":"x""#, #"{"\u0061":"x"}"#, "{\"a\":\"\u{1}\"}", "[]",
            "\u{FEFF}{\"a\":\"x\"}",
        ] {
            #expect(read(refused) == nil, "\(refused)")
        }
        var invalid = Array(#"{"a":"xé"}"#.utf8)
        invalid[7] = 0xC0
        var values: [String?] = [nil, nil]
        var keys: [Range<Int>] = []
        var scratch: [UInt8] = []
        #expect(
            !invalid.withUnsafeBufferPointer {
                reader.read($0, into: &values, keys: &keys, scratch: &scratch)
            })
    }
}
