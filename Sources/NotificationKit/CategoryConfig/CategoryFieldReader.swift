import JSON

/// Typed field access for the category binding: each wrong field becomes one diagnostic.
struct CategoryFieldReader {
    let path: String
    var sink: CategoryDiagnostics

    mutating func string(_ node: JSONNode, at path: String) -> String? {
        if case .string(let text) = node.value { return text }
        sink.emit(.type, path, at: node.span, "Expected a string but found \(node.value.typeName).")
        return nil
    }

    /// A string, with `null` read as absent.
    mutating func optionalString(_ node: JSONNode, at path: String) -> String? {
        if case .null = node.value { return nil }
        return string(node, at: path)
    }

    mutating func array(_ node: JSONNode, at path: String) -> [JSONNode]? {
        if case .array(let elements) = node.value { return elements }
        sink.emit(.type, path, at: node.span, "Expected an array but found \(node.value.typeName).")
        return nil
    }

    mutating func strings(_ node: JSONNode, at path: String) -> [String]? {
        guard let elements = array(node, at: path) else { return nil }
        return elements.enumerated().compactMap { position, element in
            string(element, at: JSONPath.appending(index: position, to: path))
        }
    }

    /// An array of option names; unknown and repeated names are reported.
    mutating func options<Option: RawRepresentable & CaseIterable & Hashable>(
        _ node: JSONNode, at path: String, as type: Option.Type
    ) -> Set<Option> where Option.RawValue == String {
        guard let elements = array(node, at: path) else { return [] }
        var options = Set<Option>()
        for (position, element) in elements.enumerated() {
            let elementPath = JSONPath.appending(index: position, to: path)
            guard let name = string(element, at: elementPath) else { continue }
            guard let option = Option(rawValue: name) else {
                let known = Option.allCases.map(\.rawValue)
                var message =
                    "Unknown option \(JSONWriter.quoted(name)); known: \(known.joined(separator: ", "))."
                if let match = known.first(where: { $0.lowercased() == name.lowercased() }) {
                    message += " Did you mean \(JSONWriter.quoted(match))?"
                }
                sink.emit(.unknownOption, elementPath, at: element.span, message)
                continue
            }
            if !options.insert(option).inserted {
                sink.emit(
                    .duplicateOption, elementPath, at: element.span,
                    "\(JSONWriter.quoted(name)) is listed twice.")
            }
        }
        return options
    }

    /// Reports a field the format does not define, suggesting a known one that differs in case.
    mutating func unknown(_ member: JSONMember, at path: String, known: [String]) {
        var message = "Unknown field \(JSONWriter.quoted(member.key)) is ignored."
        let folded = member.key.lowercased().filter { $0 != "_" && $0 != "-" }
        if let match = known.first(where: { $0.lowercased() == folded }) {
            message += " Did you mean \(JSONWriter.quoted(match))?"
        }
        sink.emit(.unknownField, path, at: member.keySpan, message)
    }
}
