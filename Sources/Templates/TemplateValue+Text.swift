extension TemplateValue {
    /// The text shown for this value before escaping.
    ///
    /// Numbers never go through a locale: a dashboard in a Czech locale must still show `0.5`, not
    /// `0,5`, because the same text ends up in form fields and payloads. Whole doubles up to 10^15
    /// drop the `.0` (`1.0` shows as `1`); other doubles use Swift's shortest round-trip form.
    /// Lists and objects have no text of their own and show as nothing.
    public var text: String {
        switch self {
        case .string(let value):
            return value
        case .int(let value):
            return String(value)
        case .double(let value):
            return Self.text(of: value)
        case .bool(let value):
            return value ? "true" : "false"
        case .list, .object:
            return ""
        }
    }

    /// Whether a section shows (`{{#x}}`) or its inverse shows (`{{^x}}`).
    ///
    /// Follows mustache: `false`, an empty list and an empty string are false, and so is the
    /// number zero, which lets a page write `{{^count}}none yet{{/count}}`. Objects are true.
    public var isTruthy: Bool {
        switch self {
        case .string(let value):
            return !value.isEmpty
        case .int(let value):
            return value != 0
        case .double(let value):
            return value != 0 && !value.isNaN
        case .bool(let value):
            return value
        case .list(let items):
            return !items.isEmpty
        case .object:
            return true
        }
    }

    /// The value under `key` when this is an object; `nil` otherwise.
    public subscript(key: String) -> TemplateValue? {
        if case .object(let fields) = self {
            return fields[key]
        }
        return nil
    }

    private static func text(of value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return value.description
    }
}
