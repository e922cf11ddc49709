import JSON

/// The checks a template gets at save: each declaration usable on its own, and each tag naming
/// a declared variable (with a `default` when the variable is optional).
enum DeclarationCheck {
    /// Faults of the declarations themselves, at `variables:<name>`.
    static func check(_ variables: [VariableDeclaration]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var names: Set<String> = []
        for variable in variables {
            let path = "variables:" + variable.name
            func fault(_ message: String) {
                diagnostics.append(Diagnostic(TemplateCode.declaration, path: path, message: message))
            }
            let nameScalars = Array(variable.name.unicodeScalars)
            if nameScalars.isEmpty || !TagTokenizer.startsName(nameScalars[0])
                || !nameScalars.allSatisfy(TagTokenizer.continuesName)
            {
                fault(
                    "\"\(variable.name)\" is not a variable name (letters, digits, _, - and dots, starting with a letter)"
                )
            }
            if !names.insert(variable.name).inserted { fault("\(variable.name) is declared twice") }
            if variable.maxLength < 1 || variable.maxLength > 4096 {
                fault("\(variable.name) needs a maximum length from 1 to 4096 characters")
                continue
            }
            if variable.type == .text, variable.scripts.isEmpty {
                fault("\(variable.name) needs at least one script")
            }
            if case .failure(let problem) = variable.check(variable.example) {
                fault("The example does not fit: " + problem.message)
            }
        }
        return diagnostics
    }

    /// Faults of the tags against the declarations, at each string's path and the tag's place.
    static func check(_ slots: [TemplateSlot], against variables: [VariableDeclaration]) -> [Diagnostic] {
        let declared = Dictionary(variables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var diagnostics: [Diagnostic] = []
        func unknown(_ name: String, _ path: String, _ location: TemplateLocation) {
            let known =
                variables.isEmpty
                ? "none is declared" : "declared: " + variables.map(\.name).joined(separator: ", ")
            diagnostics.append(
                Diagnostic(
                    TemplateCode.variableUnknown, path: path,
                    message: "\(name) is not a declared variable (\(known)).",
                    line: location.line, column: location.column))
        }
        for slot in slots {
            for tag in slot.text.outputs {
                guard let variable = declared[tag.variable] else {
                    unknown(tag.variable, slot.path, tag.location)
                    continue
                }
                if variable.optional, !tag.hasDefault {
                    diagnostics.append(
                        Diagnostic(
                            TemplateCode.defaultRequired, path: slot.path,
                            message:
                                "\(tag.variable) is optional; write {{ \(tag.variable) | default: \"…\" }}.",
                            line: tag.location.line, column: tag.location.column))
                }
            }
            for block in slot.text.conditions where declared[block.variable] == nil {
                unknown(block.variable, slot.path, block.location)
            }
        }
        return diagnostics
    }
}
