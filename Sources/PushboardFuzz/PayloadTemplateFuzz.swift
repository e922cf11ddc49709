import JSON
import NotificationKit
import Personalization

/// The payload-template target: the bytes are read as a template string (the parser must
/// answer), and as two values and as a recipient's JSON object rendered into a fixed template,
/// whose output must be valid JSON with exactly the template's keys — a value that adds a key
/// or closes a string stops the run.
enum PayloadTemplateFuzz {
    /// The fixed template, compiled for each input: kept in a static, its parsed nodes (boxes
    /// referenced through tagged enum payloads) read as leaks to LeakSanitizer at exit.
    static func makeTemplate() -> PayloadTemplate {
        let payload =
            #"{"aps":{"alert":{"title":"{{ a }}","body":"x{{ b | upcase | truncate: 9 }}","loc-args":["{{ a }}"]},"thread-id":"{% if b == \"}\" %}{{ a }}{% else %}{{ b | replace: \"a\", '\"' }}{% endif %}"},"data":{"k":"{{ b | default: \"\\\\\" }}"}}"#
        let variables = [
            VariableDeclaration(
                name: "a", type: .text, example: "x", maxLength: 4096, scripts: TextScript.allCases),
            VariableDeclaration(
                name: "b", type: .text, example: "y", maxLength: 4096, scripts: TextScript.allCases),
        ]
        let compiled = PayloadTemplate.compile(payload: Array(payload.utf8), variables: variables)
        guard let template = compiled.template else {
            fatalError("the fuzz template is fixed and valid: \(compiled.diagnostics.map(\.message))")
        }
        return template
    }

    static let shape: [String] = keys(
        of: JSONReader().read(makeTemplate().render(["a": "x", "b": "y"]).bytes).root?.value)

    static func run(_ bytes: [UInt8]) {
        let template = makeTemplate()
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? TemplateText(parsing: text)
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let values = ["a": String(parts[0]), "b": parts.count > 1 ? String(parts[1]) : ""]
        check(template.render(values).bytes, values: String(describing: values))
        if let recipient = JSONReader().read(bytes).root?.value {
            let result = template.render(recipient: recipient, validator: Validator(registry: nil))
            if !result.bytes.isEmpty { check(result.bytes, values: text) }
        }
    }

    private static func check(_ bytes: [UInt8], values: String) {
        let reading = JSONReader().read(bytes)
        guard reading.isValid, keys(of: reading.root?.value) == shape else {
            fatalError(
                "values changed the payload's structure: \(values) → \(String(decoding: bytes, as: UTF8.self))"
            )
        }
    }

    /// Every key path of `value`, in order.
    private static func keys(of value: JSONValue?, _ path: String = "$") -> [String] {
        switch value {
        case .object(let members)?:
            return members.flatMap { [path + "." + $0.key] + keys(of: $0.value.value, path + "." + $0.key) }
        case .array(let elements)?:
            return [path + "[\(elements.count)]"] + elements.flatMap { keys(of: $0.value, path + "[]") }
        default: return []
        }
    }
}
