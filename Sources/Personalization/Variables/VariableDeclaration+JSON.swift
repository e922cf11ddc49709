import JSON

extension VariableDeclaration {
    /// The declarations of a JSON array (`[{"name", "type", "example", "optional", "maxLength",
    /// "scripts"}]`, docs/templates.md), or the faults, at `variables[i].field`.
    public static func declarations(from value: JSONValue) -> Result<[VariableDeclaration], TemplateFaults> {
        guard let elements = value.arrayElements else {
            return .failure(
                TemplateFaults([
                    Diagnostic(TemplateCode.declaration, path: "variables", message: "variables is an array.")
                ]))
        }
        var declared: [VariableDeclaration] = []
        var faults: [Diagnostic] = []
        for (index, element) in elements.enumerated() {
            let path = "variables[\(index)]"
            func fault(_ field: String, _ message: String) {
                faults.append(
                    Diagnostic(
                        TemplateCode.declaration, path: path + "." + field, message: message,
                        line: element.span.line,
                        column: element.span.column))
            }
            guard case .object = element.value else {
                fault("name", "A variable is an object with name, type and example.")
                continue
            }
            let value = element.value
            let name = value["name"]?.value.stringValue ?? ""
            if name.isEmpty { fault("name", "A variable needs a name.") }
            let typeName = value["type"]?.value.stringValue ?? "text"
            guard let type = VariableType(rawValue: typeName) else {
                fault("type", "\"\(typeName)\" is not a type; the types are text, number, date, URL.")
                continue
            }
            let example: String
            switch value["example"]?.value {
            case .string(let text)?: example = text
            case .number(let number)?: example = number.literal
            default:
                fault("example", "\(name) needs an example value.")
                continue
            }
            let maxLength = value["maxLength"]?.value.numberValue?.int64Value.map { Int(clamping: $0) }
            if type == .text, maxLength == nil {
                fault("maxLength", "\(name) is text and needs a maximum length.")
            }
            var scripts: [TextScript] = [.latin]
            if let names = value["scripts"]?.value.arrayElements {
                scripts = []
                for script in names {
                    guard let parsed = script.value.stringValue.flatMap(TextScript.init(rawValue:)) else {
                        fault(
                            "scripts",
                            "Scripts are " + TextScript.allCases.map(\.rawValue).joined(separator: ", ") + "."
                        )
                        continue
                    }
                    scripts.append(parsed)
                }
            }
            declared.append(
                VariableDeclaration(
                    name: name, type: type, example: example,
                    optional: value["optional"]?.value.boolValue ?? false,
                    maxLength: maxLength, scripts: scripts))
        }
        return faults.isEmpty ? .success(declared) : .failure(TemplateFaults(faults))
    }

    /// The faults of `declarations` on their own (names, lengths, examples), at
    /// `variables:<name>`: what a save refuses before anything is stored.
    public static func faults(of declarations: [VariableDeclaration]) -> [Diagnostic] {
        DeclarationCheck.check(declarations)
    }

    /// The declaration as the JSON the API and the template file use.
    public var jsonValue: JSONValue {
        var object = JSONObjectBuilder()
        object.set("name", name)
        object.set("type", type.rawValue)
        object.set("example", example)
        object.set("optional", optional)
        object.set("maxLength", maxLength)
        if type == .text { object.set("scripts", .list(scripts.map { .string($0.rawValue) })) }
        return object.value
    }
}
