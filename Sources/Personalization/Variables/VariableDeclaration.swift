import JSON

/// One declared variable of a template: its name, type, example and bounds. The template may
/// use only declared variables, and every recipient's value is checked against its declaration.
public struct VariableDeclaration: Sendable, Hashable {
    /// The name templates write (`first_name`, `order.id`).
    public var name: String
    /// What it holds.
    public var type: VariableType
    /// The example value (its text form), which the example preview and size use.
    public var example: String
    /// Whether a recipient may have no value; every use then needs a `default` filter.
    public var optional: Bool
    /// The most characters a value may have (text: declared; others: the type's default).
    public var maxLength: Int
    /// The scripts a text value may be written in (Latin when not declared).
    public var scripts: [TextScript]

    /// A declaration; `maxLength` defaults to the type's.
    public init(
        name: String, type: VariableType, example: String, optional: Bool = false, maxLength: Int? = nil,
        scripts: [TextScript] = [.latin]
    ) {
        self.name = name
        self.type = type
        self.example = example
        self.optional = optional
        self.maxLength = maxLength ?? type.defaultMaxLength ?? 0
        self.scripts = scripts
    }

    /// The text a template writes for `value`, or why the value does not fit the declaration.
    public func text(of value: JSONValue) -> Result<String, TemplateProblem> {
        let text: String
        switch (type, value) {
        case (.number, .number(let number)): text = number.literal
        case (.date, .number(let number)):
            guard let seconds = number.int64Value, CalendarDate(unixSeconds: seconds) != nil else {
                return .failure(
                    TemplateProblem(
                        "\(name) is a date; \(number.literal) is not whole UNIX seconds in years 1–9999"))
            }
            text = number.literal
        case (_, .string(let string)): text = string
        default:
            return .failure(TemplateProblem("\(name) is \(type.rawValue); the value is \(value.typeName)"))
        }
        return check(text).map { text }
    }

    /// Whether `text` is a value of this declaration: its type's form, its length, its scripts.
    public func check(_ text: String) -> Result<Void, TemplateProblem> {
        let length = text.unicodeScalars.count
        guard length <= maxLength else {
            return .failure(
                TemplateProblem("\(name) has \(length) characters; it is declared with at most \(maxLength)"))
        }
        switch type {
        case .text:
            if let stray = text.unicodeScalars.first(where: { !TextScript.allows($0, in: scripts) }) {
                let code = String(stray.value, radix: 16, uppercase: true)
                return .failure(
                    TemplateProblem(
                        "\(name) holds U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), which is "
                            + "not in its scripts (\(scripts.map(\.rawValue).joined(separator: ", ")))"))
            }
        case .number:
            let reading = JSONReader().read(text)
            guard case .number? = reading.root?.value, reading.isValid else {
                return .failure(TemplateProblem("\(name) is a number; \"\(text)\" is not one"))
            }
        case .date:
            let isSeconds = Int64(text).flatMap { CalendarDate(unixSeconds: $0) } != nil
            guard isSeconds || CalendarDate(iso: text) != nil else {
                return .failure(
                    TemplateProblem(
                        "\(name) is a date; \"\(text)\" is not ISO 8601 (2026-12-07T18:30Z) or UNIX seconds"))
            }
        case .url:
            let lower = text.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
                !text.unicodeScalars.contains(where: {
                    $0.value <= 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "\\"
                })
            else {
                return .failure(
                    TemplateProblem(
                        "\(name) is a URL; \"\(text)\" is not an absolute http(s) URL without spaces, quotes or backslashes"
                    ))
            }
        }
        return .success(())
    }
}
