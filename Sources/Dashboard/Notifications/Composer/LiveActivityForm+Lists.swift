import JSON
import NotificationKit

/// Lists and dictionaries typed into the Live Activity form: a `[String]` field takes
/// `pho, nem` or `["pho", "nem"]`, as its hint says; anything else is kept as typed.
extension LiveActivityForm {
    /// The list `text` stands for, or nil when it is not one (the caller keeps the text, and
    /// the validator reports it at the field). Text starting with `[` is read as JSON; other
    /// text is split at commas, each item trimmed and converted to `element` (an item that does
    /// not convert stays text, and the validator names it). Lists of structures, lists and
    /// dictionaries are JSON only.
    static func list(_ text: String, of element: ActivityValueType) -> JSONValue? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") {
            let read = JSONReader().read(trimmed)
            guard read.isValid, let root = read.root, case .array = root.value else { return nil }
            return root.value
        }
        guard !takesJSONOnly(element.unwrapped) else { return nil }
        if trimmed.isEmpty { return .array([]) }
        let items = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return .array(items.map { JSONNode(convert($0, to: element.unwrapped)) })
    }

    /// The hint's second half for a list or dictionary field: how to type it.
    static func typingHint(for type: ActivityValueType) -> String? {
        switch type.unwrapped {
        case .array(let element):
            if takesJSONOnly(element.unwrapped) { return "a JSON list, as [ … ]" }
            let example = isNumeric(element.unwrapped) ? ("1, 2", "[1, 2]") : ("pho, nem", #"["pho", "nem"]"#)
            return "a list: comma-separated, as \(example.0), or JSON, as \(example.1)"
        case .dictionary:
            return #"a JSON object, as {"key": "value"}"#
        default:
            return nil
        }
    }

    /// Element types a comma-separated list cannot spell.
    private static func takesJSONOnly(_ type: ActivityValueType) -> Bool {
        switch type {
        case .array, .dictionary, .object, .optional: true
        default: false
        }
    }

    private static func isNumeric(_ type: ActivityValueType) -> Bool {
        switch type {
        case .int, .double, .decimal: true
        case .enumeration(let enumeration): enumeration.rawType == .int
        default: false
        }
    }
}
