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
    /// The template, when it could be used.
    let template: PayloadTemplate?
    /// The saved sample recipients.
    let samples: [JSONValue]

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
        samples =
            stored.flatMap { JSONReader().read($0.samples).root?.value.arrayElements }?.map(\.value) ?? []
        let hasTags = ([payload] + headers.values).contains { $0.contains("{{") || $0.contains("{%") }
        guard hasTags || !declarations.isEmpty else { return nil }
        let compiled = PayloadTemplate.compile(
            payload: Array(payload.utf8), headers: headers, variables: declarations)
        guard let template = compiled.template else {
            diagnostics = compiled.diagnostics
            summary = nil
            over = false
            self.template = nil
            return
        }
        self.template = template
        let worst = WorstCase(template, validator: validator)
        diagnostics = compiled.diagnostics + worst.diagnostics(template)
        summary = worst.summary
        over = worst.bytesOver > 0
    }

    /// The payload to preview for `recipient` (`example`, or a sample's index), nil to show the
    /// payload as written (no choice, no usable template, or values that do not fit).
    func previewPayload(for recipient: String?, validator: Validator) -> [UInt8]? {
        guard let template, let recipient else { return nil }
        let result: RenderedPayload
        if recipient == "example" {
            result = template.renderExample(validator: validator)
        } else if let index = Int(recipient), samples.indices.contains(index) {
            result = template.render(recipient: samples[index], validator: validator)
        } else {
            return nil
        }
        return result.bytes.isEmpty ? nil : result.bytes
    }

    /// The Recipient picker's options: as written, the example values, each sample.
    func recipientOptions(selected: String?) -> [[String: String]] {
        var options = [
            ["value": "", "label": "Tags as written"], ["value": "example", "label": "Example values"],
        ]
        for (index, sample) in samples.enumerated() {
            let label = JSONWriter().string(sample)
            options.append(["value": String(index), "label": "Recipient \(index + 1): \(label.prefix(60))"])
        }
        return options.map { option in
            option.merging(["selected": option["value"] == (selected ?? "") ? "yes" : ""]) { $1 }
        }
    }
}
