import JSON

/// Field-by-field binding from a JSON tree into the model, collecting one diagnostic per field
/// that cannot be bound instead of throwing, so one pass reports every wrong field.
///
/// Its findings are `ModelCode`s: what the model could not hold. The validator owns the rules
/// about what APNs accepts.
struct ModelBinder {
    var diagnostics: [Diagnostic] = []

    /// Records that `node` at `path` is not of the `expected` JSON type.
    mutating func wrongType(
        _ node: some BindingSource, at path: @autoclosure () -> String, expected: String
    ) {
        diagnostics.append(
            Diagnostic(
                ModelCode.type, path: path(),
                message: "Expected \(expected) but found \(node.typeName).", line: node.span.line,
                column: node.span.column))
    }

    /// Records that `node` at `path` has a value the model cannot hold.
    mutating func badValue(_ node: JSONNode, at path: @autoclosure () -> String, _ message: String) {
        diagnostics.append(
            Diagnostic(
                ModelCode.value, path: path(), message: message, line: node.span.line,
                column: node.span.column))
    }

    /// The string, or nil with a diagnostic.
    mutating func string(_ node: some BindingSource, at path: @autoclosure () -> String) -> String? {
        if let text = node.stringValue { return text }
        wrongType(node, at: path(), expected: "a string")
        return nil
    }

    /// The integer, or nil with a diagnostic (fractions and strings like `"5"` are refused).
    mutating func integer(_ node: JSONNode, at path: @autoclosure () -> String) -> Int? {
        guard case .number(let number) = node.value else {
            wrongType(node, at: path(), expected: "an integer")
            return nil
        }
        guard let value = number.int64Value.flatMap({ Int(exactly: $0) }) else {
            badValue(node, at: path(), "\(number.literal) is not a whole number in range.")
            return nil
        }
        return value
    }

    /// The number as a double, or nil with a diagnostic.
    mutating func double(_ node: JSONNode, at path: @autoclosure () -> String) -> Double? {
        if case .number(let number) = node.value { return number.doubleValue }
        wrongType(node, at: path(), expected: "a number")
        return nil
    }

    /// The boolean, or nil with a diagnostic.
    mutating func bool(_ node: JSONNode, at path: @autoclosure () -> String) -> Bool? {
        if case .bool(let flag) = node.value { return flag }
        wrongType(node, at: path(), expected: "a boolean")
        return nil
    }

    /// The node itself when it is an object, or nil with a diagnostic.
    mutating func object(_ node: JSONNode, at path: @autoclosure () -> String) -> JSONNode? {
        if case .object = node.value { return node }
        wrongType(node, at: path(), expected: "an object")
        return nil
    }

    /// An array of strings; wrong elements are reported one by one and left out.
    mutating func strings(_ node: some BindingSource, at path: @autoclosure () -> String) -> [String]? {
        var result: [String] = []
        let isArray = node.forEachElement { position, element in
            if let text = string(element, at: JSONPath.appending(index: position, to: path())) {
                result.append(text)
            }
        }
        guard isArray else {
            wrongType(node, at: path(), expected: "an array of strings")
            return nil
        }
        return result
    }
}

/// The path of a member, spelled only when a diagnostic needs it (binding is on the hot path
/// of `--jsonl` validation, and most fields are fine).
struct FieldPath {
    let parent: String
    let key: String

    /// `parent.key`.
    var path: String {
        JSONPath.appending(key: key, to: parent)
    }
}
