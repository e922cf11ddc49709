import JSON
import NotificationKit
import Personalization
import Testing

/// No value can change a rendered payload's structure: whatever a value holds, the payload is
/// valid JSON with exactly the template's keys, and each templated string holds the value as
/// text. Checked over many random values made of the pieces that break naive templating.
@Suite struct InjectionPropertyTests {
    /// A small seeded generator, so a failure is reproducible from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = [
        "\"", "\\", "}}", "{{", "{%", "%}", "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\\uD800", "\\udc00",
        "\",\"evil\":\"", "\"}}", "\u{0}", "\u{1F}", "\u{7F}", "é", "🎉", "\u{E000}0\u{E000}", "</script>",
        " ", "a",
        "{{ first_name }}", "{% endif %}",
    ]

    static func randomValue(_ generator: inout SplitMix) -> String {
        var value = ""
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            if Bool.random(using: &generator) {
                value += pieces.randomElement(using: &generator)!
            } else {
                let scalar = UInt32.random(in: 0...0x10FFFF, using: &generator)
                if let random = Unicode.Scalar(scalar) { value.unicodeScalars.append(random) }
            }
        }
        return value
    }

    static let payload =
        #"{"aps":{"alert":{"title":"{{ a }}","body":"x{{ b | upcase }}y","loc-args":["{{ a }}","{% if b %}{{ b }}{% endif %}"]},"thread-id":"{{ a | replace: \"a\", '\"' }}"},"data":{"k":"{{ b | truncate: 5 }}","n":2}}"#

    static func template() throws -> PayloadTemplate {
        try Fixtures.template(
            payload, headers: ["apns-collapse-id": "{{ a }}"],
            [
                VariableDeclaration(name: "a", type: .text, example: "x", maxLength: 4096),
                VariableDeclaration(name: "b", type: .text, example: "y", maxLength: 4096),
            ])
    }

    /// The payload's shape: every key path, in order, with strings reduced to their kind.
    static func shape(_ value: JSONValue, _ path: String = "$") -> [String] {
        switch value {
        case .object(let members):
            return [path + "{}"] + members.flatMap { shape($0.value.value, path + "." + $0.key) }
        case .array(let elements):
            return [path + "[\(elements.count)]"]
                + elements.enumerated().flatMap { shape($1.value, path + "[\($0)]") }
        default: return [path + ":" + value.typeName]
        }
    }

    @Test func randomValuesNeverChangeThePayloadsStructure() throws {
        let template = try Self.template()
        let expected = Self.shape(JSONReader().read(template.render(["a": "x", "b": "y"]).bytes).root!.value)
        var generator = SplitMix(state: 28)
        for round in 0..<3000 {
            let a = Self.randomValue(&generator)
            let b = Self.randomValue(&generator)
            let rendered = template.render(["a": a, "b": b])
            let reading = JSONReader().read(rendered.bytes)
            #expect(reading.isValid, "round \(round): \(reading.diagnostics.map(\.message))")
            guard let root = reading.root?.value else { continue }
            #expect(Self.shape(root) == expected, "round \(round)")
            #expect(root["aps"]?.value["alert"]?.value["title"]?.value.stringValue == a, "round \(round)")
            #expect(
                root["aps"]?.value["alert"]?.value["body"]?.value.stringValue == "x" + b.uppercased() + "y",
                "round \(round)")
            #expect(rendered.headers["apns-collapse-id"] == a)
        }
    }

    @Test func hundredKilobyteValuesStayInsideTheirStrings() throws {
        let template = try Self.template()
        let huge = String(repeating: "\"}\\\u{2028}{{", count: 20_000)
        let rendered = template.render(["a": huge, "b": huge])
        let reading = JSONReader().read(rendered.bytes)
        #expect(reading.isValid)
        #expect(reading.root?.value["aps"]?.value["alert"]?.value["title"]?.value.stringValue == huge)
        #expect(reading.root?.value["data"]?.value.objectMembers?.map(\.key) == ["k", "n"])
    }

    @Test func valuesReadFromJSONLinesAreRefusedOrEscaped() throws {
        let template = try Self.template()
        let lines = [
            #"{"a":"\uD800","b":"x"}"#, #"{"a":"\"},\"x\":{\"","b":"\\"}"#, #"{"a":"\u2028\n","b":"}}{%"}"#,
            #"{"a":"ok","b":"\udc00\ud800"}"#,
        ]
        for line in lines {
            let result = template.render(recipient: Fixtures.recipient(line), validator: Fixtures.validator)
            if result.bytes.isEmpty {
                #expect(!result.report.valid)
            } else {
                let reading = JSONReader().read(result.bytes)
                #expect(reading.isValid, "\(line)")
                #expect(reading.root?.value.objectMembers?.map(\.key) == ["aps", "data"], "\(line)")
            }
        }
    }
}
