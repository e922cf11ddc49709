import JSON
import NotificationKit
import Personalization
import Storage

/// The composed payload read as a payload template (issue 28), so the composer says what the
/// variables page says: a tag's fault (unknown variable, unclosed tag) and the worst case's
/// findings (over the size limit, cut where the example is not) go under their fields like
/// every other finding, and the worst-case size is shown beside the saved version's links.
///
/// Only a payload with tags, or a notification with declared variables, is read this way: a
/// plain payload has nothing to say here.
struct ComposerTemplate: Sendable {
    /// The template's faults, then its worst case's findings.
    let diagnostics: [Diagnostic]
    /// "example 412 B · worst 3 990 B of 4 096", when the template could be used.
    let summary: String?
    /// Whether the worst case is over the size limit.
    let over: Bool

    /// The template of `payload` and `headers` with the declarations `stored` keeps, nil when
    /// there are neither tags nor declarations.
    init?(payload: String, headers: [String: String], stored: StoredTemplateVariables?, validator: Validator)
    {
        var declarations: [VariableDeclaration] = []
        if let stored, let declared = JSONReader().read(stored.variables).root?.value,
            case .success(let found) = VariableDeclaration.declarations(from: declared)
        {
            declarations = found
        }
        let hasTags = ([payload] + headers.values).contains { $0.contains("{{") || $0.contains("{%") }
        guard hasTags || !declarations.isEmpty else { return nil }
        let compiled = PayloadTemplate.compile(
            payload: Array(payload.utf8), headers: headers, variables: declarations)
        guard let template = compiled.template else {
            diagnostics = compiled.diagnostics
            summary = nil
            over = false
            return
        }
        let worst = WorstCase(template, validator: validator)
        diagnostics = compiled.diagnostics + worst.diagnostics(template)
        summary = worst.summary
        over = worst.bytesOver > 0
    }
}
