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
    /// The payload laid out at worst for lines (every text variable at its maximum length in
    /// its widest characters), when the template could be used.
    let worstLines: [UInt8]?

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
            worstLines = nil
            return
        }
        self.template = template
        let worst = WorstCase(template, validator: validator)
        diagnostics = compiled.diagnostics + worst.diagnostics(template)
        summary = worst.summary
        over = worst.bytesOver > 0
        worstLines = worst.linesPayload
    }

    /// The payload to preview for `recipient` (`example`, `worst`, or a sample's index), nil to
    /// show the payload as written (no choice, no usable template, or values that do not fit).
    func previewPayload(for recipient: String?, validator: Validator) -> [UInt8]? {
        guard let recipient, let bytes = rendered(recipient, validator: validator)?.bytes else { return nil }
        return bytes.isEmpty ? nil : bytes
    }

    /// The payload `recipient` (`example`, `worst`, or a sample's index) gets, with the first
    /// fault of values that do not fit (then `bytes` is empty); nil for no such recipient.
    func rendered(_ recipient: String, validator: Validator) -> (bytes: [UInt8], fault: String?)? {
        guard let template else { return nil }
        let result: RenderedPayload
        if recipient == Self.worstRecipient {
            return worstLines.map { ($0, nil) }
        } else if recipient == Self.exampleRecipient {
            result = template.renderExample(validator: validator)
        } else if let index = Int(recipient), samples.indices.contains(index) {
            result = template.render(recipient: samples[index], validator: validator)
        } else {
            return nil
        }
        let fault = result.bytes.isEmpty ? result.report.diagnostics.first?.message ?? "not rendered" : nil
        return (result.bytes, fault)
    }

    /// The picker's value of the example values, and of the worst case.
    static let exampleRecipient = "example"
    static let worstRecipient = "worst"

    /// The label of `recipient` in the picker and the per-recipient cuts.
    func recipientLabel(_ recipient: String) -> String {
        switch recipient {
        case Self.exampleRecipient: return "Example values"
        case Self.worstRecipient: return "Worst case (every text variable at its longest)"
        default:
            guard let index = Int(recipient), samples.indices.contains(index) else {
                return "Tags as written"
            }
            return "Recipient \(index + 1): \(JSONWriter().string(samples[index]).prefix(60))"
        }
    }

    /// The Recipient picker's options: as written, the example values, each sample, the worst
    /// case (for lines).
    func recipientOptions(selected: String?) -> [[String: String]] {
        let values = [""] + recipients
        return values.map { value in
            [
                "value": value, "label": recipientLabel(value),
                "selected": value == (selected ?? "") ? "yes" : "",
            ]
        }
    }

    /// Every recipient a template is previewed for: the example values, each sample, the worst
    /// case.
    var recipients: [String] {
        [Self.exampleRecipient] + samples.indices.map(String.init) + [Self.worstRecipient]
    }
}
