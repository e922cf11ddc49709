/// A value a template can show: text, numbers, flags, lists to repeat and objects to look into.
///
/// There is deliberately no "raw HTML" case: every value is converted to text and HTML-escaped when
/// it is interpolated, so a page cannot be broken (or scripted) by what users typed. The only raw
/// HTML in the output comes from the templates themselves: literal text, partials and the layout
/// slot filled by ``TemplateLibrary/render(_:in:with:)``.
public enum TemplateValue: Sendable, Equatable {
    /// Text, escaped when shown.
    case string(String)
    /// A whole number, shown in plain decimal digits.
    case int(Int)
    /// A number with a fraction, shown locale-independently (always `.` as decimal separator).
    case double(Double)
    /// A flag; mostly used to show or hide a section.
    case bool(Bool)
    /// Items a section repeats for, each pushed as the current context.
    case list([TemplateValue])
    /// Named values; a section over an object pushes it so its keys can be used unqualified.
    case object([String: TemplateValue])
}

extension TemplateValue: ExpressibleByStringLiteral {
    /// Lets view models write `"title": "Overview"`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    /// Lets view models write `"count": 3`.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    /// Lets view models write `"score": 0.5`.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    /// Lets view models write `"selected": true`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    /// Lets view models write `"items": ["a", "b"]`.
    public init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Lets view models write `["title": "Overview", "count": 3]`; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
