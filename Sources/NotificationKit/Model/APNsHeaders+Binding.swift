import JSON

/// Binding headers from JSON: the `"headers"` object of a stored notification or of a
/// `--jsonl --envelope` line, `{"apns-push-type": "alert", "apns-priority": "10", …}`.
extension APNsHeaders {
    /// Binds a headers object. Values must be strings (a number is reported as `model.type`,
    /// since APNs headers are text and `"10"` is what is sent); names are matched
    /// case-insensitively and names this model does not know are returned in `unknown` for the
    /// caller to report.
    public static func bind(_ node: JSONNode, at path: String = JSONPath.root) -> (
        headers: APNsHeaders, unknown: [JSONMember], diagnostics: [Diagnostic]
    ) {
        var binder = ModelBinder()
        var headers = APNsHeaders()
        var unknown: [JSONMember] = []
        guard case .object(let members) = node.value else {
            binder.wrongType(node, at: path, expected: "an object of header names and string values")
            return (headers, unknown, binder.diagnostics)
        }
        for member in members {
            guard names.contains(member.key.lowercased()) else {
                unknown.append(member)
                continue
            }
            if let value = binder.string(member.value, at: JSONPath.appending(key: member.key, to: path)) {
                headers[member.key] = value
            }
        }
        return (headers, unknown, binder.diagnostics)
    }

    /// The headers as a JSON object in the order of `names` (for stored notifications).
    public var jsonValue: JSONValue {
        var object = JSONObjectBuilder()
        for (name, value) in fields {
            object.set(name, .string(value))
        }
        return object.value
    }
}
