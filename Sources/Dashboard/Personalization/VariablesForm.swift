import HTTPKit
import JSON
import Personalization
import Storage
import Templates

/// The variables form bound field by field: one row per declared variable plus an empty one to
/// add a variable, and the sample recipients (JSON Lines or CSV). Rows whose name is empty are
/// left out; each fault names its row.
struct VariablesForm {
    struct Row {
        var name = ""
        var type = "text"
        var example = ""
        var optional = false
        var maxLength = ""
        var scripts = "latin"
    }

    var rows: [Row] = []
    var samplesText = ""
    var errors: [String] = []
    var declarations: [VariableDeclaration] = []
    var samples: [JSONValue] = []

    /// The form as posted.
    init(_ fields: FormFields) {
        let count = min(Int(fields["rows"] ?? "") ?? 0, 50)
        for index in 0..<count {
            let row = Row(
                name: (fields["name-\(index)"] ?? "").trimmingPrefix(while: \.isWhitespace).description,
                type: fields["type-\(index)"] ?? "text", example: fields["example-\(index)"] ?? "",
                optional: fields["optional-\(index)"] == "on", maxLength: fields["maxLength-\(index)"] ?? "",
                scripts: fields["scripts-\(index)"] ?? "latin")
            if !row.name.isEmpty { rows.append(row) }
        }
        samplesText = fields["samples"] ?? ""
        bind()
    }

    /// The form as stored; `samplesText`, when given, replaces the stored samples (an imported
    /// CSV or JSON Lines file, checked against the stored declarations).
    init(stored: StoredTemplateVariables?, samplesText imported: String? = nil) {
        if let stored, let declared = JSONReader().read(stored.variables).root?.value,
            case .success(let found) = VariableDeclaration.declarations(from: declared)
        {
            rows = found.map { variable in
                Row(
                    name: variable.name, type: variable.type.rawValue, example: variable.example,
                    optional: variable.optional, maxLength: String(variable.maxLength),
                    scripts: variable.scripts.map(\.rawValue).joined(separator: ", "))
            }
        }
        if let imported {
            samplesText = imported
        } else if let stored, let samples = JSONReader().read(stored.samples).root?.value.arrayElements {
            samplesText = samples.map { JSONWriter().string($0.value) }.joined(separator: "\n")
        }
        bind()
    }

    /// Reads the rows into declarations and the samples into recipients, collecting faults.
    private mutating func bind() {
        let array = JSONValue.list(
            rows.map { row in
                var object = JSONObjectBuilder()
                object.set("name", row.name)
                object.set("type", row.type)
                object.set("example", row.example)
                object.set("optional", row.optional)
                if let length = Int(row.maxLength.trimmingPrefix(while: \.isWhitespace)) {
                    object.set("maxLength", length)
                }
                let scripts = row.scripts.split(separator: ",").map {
                    $0.filter { !$0.isWhitespace }.lowercased()
                }
                object.set("scripts", .list(scripts.filter { !$0.isEmpty }.map { .string($0) }))
                return object.value
            })
        switch VariableDeclaration.declarations(from: array) {
        case .success(let found):
            declarations = found
            errors += VariableDeclaration.faults(of: found).map { fault in
                let name = fault.path.dropFirst("variables:".count)
                let row = found.firstIndex { $0.name == name } ?? 0
                return "Variable \(row + 1): \(fault.message)"
            }
        case .failure(let faults):
            errors += faults.diagnostics.map { fault in
                let row = fault.path.split(separator: "]").first.flatMap {
                    Int($0.dropFirst("variables[".count))
                }
                return "Variable \((row ?? 0) + 1): \(fault.message)"
            }
        }
        switch SampleRecipients.read(samplesText) {
        case .success(let found): samples = found
        case .failure(let problem): errors.append("Sample recipients: \(problem.message)")
        }
    }

    /// The texts to store, or nil when the form has faults.
    var stored: Result<(variables: String, samples: String), TemplateProblem> {
        guard errors.isEmpty else { return .failure(TemplateProblem(errors.joined(separator: " "))) }
        return .success(
            (JSONWriter().string(.list(declarations.map(\.jsonValue))), JSONWriter().string(.list(samples))))
    }

    /// The rows for the page, with one empty row to add a variable.
    var rowValues: [TemplateValue] {
        (rows + [Row()]).enumerated().map { index, row in
            [
                "index": .int(index), "number": .int(index + 1), "name": .string(row.name),
                "example": .string(row.example), "optional": .bool(row.optional),
                "maxLength": .string(row.maxLength), "scripts": .string(row.scripts),
                "types": .list(
                    VariableType.allCases.map { type in
                        ["value": .string(type.rawValue), "selected": .bool(type.rawValue == row.type)]
                    }),
            ]
        }
    }
}
