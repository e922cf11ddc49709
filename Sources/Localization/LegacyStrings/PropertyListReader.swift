/// A value of an XML property list, with the place it was read from.
indirect enum PropertyListValue: Sendable {
    case string(String)
    case dictionary([(key: String, value: PropertyListValue)], line: Int, column: Int)
    case array([PropertyListValue])
    case other(String)

    /// The value of `key` when this is a dictionary that has it.
    subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let members, _, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text, when this is a string.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// Reads the XML property lists `.stringsdict` files are: `plist`, `dict`, `key`, `string`,
/// `array`, `integer`, `true`, `false`, comments, the declaration and the DOCTYPE, the five named
/// entities and numeric ones. A fault is refused with its line and column.
struct PropertyListReader {
    private var scanner: XMLScanner

    init(_ text: String, file: String?) {
        scanner = XMLScanner(text, file: file)
    }

    /// The root value inside `<plist>`.
    mutating func read() throws(CatalogReadError) -> PropertyListValue {
        try scanner.skipProlog()
        let tag = try scanner.openTag()
        guard tag.name == "plist" else {
            throw scanner.fail("the root element is <\(tag.name)>, not <plist>")
        }
        let value = try element(scanner.openTag())
        try scanner.closeTag("plist")
        return value
    }

    private mutating func element(_ tag: XMLScanner.Tag) throws(CatalogReadError) -> PropertyListValue {
        switch tag.name {
        case "dict":
            var members: [(key: String, value: PropertyListValue)] = []
            if tag.isEmpty { return .dictionary([], line: tag.line, column: tag.column) }
            while !(try scanner.atClose("dict")) {
                let keyTag = try scanner.openTag()
                guard keyTag.name == "key" else {
                    throw scanner.fail("expected <key> in a <dict>, found <\(keyTag.name)>")
                }
                let key = keyTag.isEmpty ? "" : try scanner.text(until: "key")
                members.append((key, try element(scanner.openTag())))
            }
            return .dictionary(members, line: tag.line, column: tag.column)
        case "array":
            var elements: [PropertyListValue] = []
            if tag.isEmpty { return .array([]) }
            while !(try scanner.atClose("array")) { elements.append(try element(scanner.openTag())) }
            return .array(elements)
        case "string": return .string(tag.isEmpty ? "" : try scanner.text(until: "string"))
        case "integer", "real", "date", "data":
            return .other(tag.isEmpty ? "" : try scanner.text(until: tag.name))
        case "true", "false":
            if !tag.isEmpty { try scanner.closeTag(tag.name) }
            return .other(tag.name)
        default: throw scanner.fail("<\(tag.name)> is not a property list element")
        }
    }
}
