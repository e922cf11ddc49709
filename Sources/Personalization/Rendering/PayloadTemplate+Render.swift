import JSON
import NotificationKit

/// One recipient's result: the exact bytes and headers to send, and the report on them (or on
/// the recipient's values, when they do not fit the declarations; then there are no bytes).
public struct RenderedPayload: Sendable {
    /// The payload bytes, empty when the values were refused.
    public var bytes: [UInt8]
    /// The APNs request headers by lowercase name.
    public var headers: [String: String]
    /// The validator's report, with the values' faults when they were refused.
    public var report: ValidationReport
}

extension PayloadTemplate {
    /// Each declared variable's text from a recipient's JSON object (a member named as the
    /// variable, or nested by its dots: `{"order": {"id": …}}`), or the faults of the values.
    public func values(of recipient: JSONValue) -> Result<[String: String], TemplateFaults> {
        guard case .object = recipient else {
            return .failure(
                TemplateFaults([
                    Diagnostic(
                        TemplateCode.valueInvalid, path: "values",
                        message: "A recipient's values are a JSON object.")
                ]))
        }
        var values: [String: String] = [:]
        var faults: [Diagnostic] = []
        for variable in variables {
            let path = "values:" + variable.name
            guard let value = Self.lookup(variable.name, in: recipient), value != .null else {
                if !variable.optional {
                    faults.append(
                        Diagnostic(
                            TemplateCode.valueMissing, path: path, message: "No value for \(variable.name)."))
                }
                continue
            }
            switch variable.text(of: value) {
            case .success(let text): values[variable.name] = text
            case .failure(let problem):
                faults.append(Diagnostic(TemplateCode.valueInvalid, path: path, message: problem.message))
            }
        }
        return faults.isEmpty ? .success(values) : .failure(TemplateFaults(faults))
    }

    /// The value named `name`: a member of that exact name, or the dotted path.
    static func lookup(_ name: String, in object: JSONValue) -> JSONValue? {
        if let member = object[name] { return member.value }
        guard name.contains(".") else { return nil }
        var current = object
        for part in name.split(separator: ".") {
            guard let next = current[String(part)] else { return nil }
            current = next.value
        }
        return current
    }

    /// The bytes and headers for checked `values` (variable name → text).
    public func render(_ values: [String: String]) -> (bytes: [UInt8], headers: [String: String]) {
        let lookup: (String) -> String? = { values[$0] }
        return assemble(slots.map { $0.text.render(lookup) }, collapseID: collapseID?.text.render(lookup))
    }

    /// The validated result for one recipient's JSON object of values.
    public func render(recipient: JSONValue, validator: Validator) -> RenderedPayload {
        switch values(of: recipient) {
        case .failure(let faults):
            // The headers' own report gives the push type and its limit; the faults replace its findings.
            var report = validator.validate(payload: [UInt8]("{}".utf8), headers: headers)
            report.size.bytes = 0
            report.diagnostics = faults.diagnostics
            return RenderedPayload(bytes: [], headers: headers, report: report)
        case .success(let values):
            let (bytes, headers) = render(values)
            let analysis = PayloadAnalysis(payload: bytes, headers: headers, validator: validator)
            return RenderedPayload(bytes: bytes, headers: headers, report: analysis.report)
        }
    }

    /// The validated result with every variable at its example.
    public func renderExample(validator: Validator) -> RenderedPayload {
        let (bytes, headers) = render(exampleValues)
        let analysis = PayloadAnalysis(payload: bytes, headers: headers, validator: validator)
        return RenderedPayload(bytes: bytes, headers: headers, report: analysis.report)
    }

    /// The examples of every variable, as a recipient would give them.
    public var exampleValues: [String: String] {
        Dictionary(variables.map { ($0.name, $0.example) }, uniquingKeysWith: { first, _ in first })
    }
}
