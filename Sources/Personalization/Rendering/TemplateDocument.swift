import JSON

/// The template file the command line renders and the API stores:
/// `{"headers": {"apns-push-type": "alert", …}, "payload": {…}, "variables": [{…}]}`
/// (docs/templates.md, "The template file").
public enum TemplateDocument {
    /// The template of a template file's bytes, or every fault found.
    public static func read(_ bytes: [UInt8]) -> (template: PayloadTemplate?, diagnostics: [Diagnostic]) {
        let reading = JSONReader().read(bytes)
        guard let root = reading.root, reading.isValid else { return (nil, reading.diagnostics) }
        guard case .object = root.value, let payload = root.value["payload"] else {
            return (
                nil,
                [
                    Diagnostic(
                        TemplateCode.declaration, path: "$",
                        message: "A template file is an object with a payload.")
                ]
            )
        }
        var headers: [String: String] = [:]
        for member in root.value["headers"]?.value.objectMembers ?? [] {
            if let text = member.value.value.stringValue { headers[member.key.lowercased()] = text }
        }
        var variables: [VariableDeclaration] = []
        if let declared = root.value["variables"] {
            switch VariableDeclaration.declarations(from: declared.value) {
            case .success(let found): variables = found
            case .failure(let faults): return (nil, faults.diagnostics)
            }
        }
        let payloadBytes = Array(bytes[payload.span.start..<payload.span.end])
        return PayloadTemplate.compile(payload: payloadBytes, headers: headers, variables: variables)
    }
}
