import JSON
import NotificationKit
import NotificationPreview
import Personalization
import Templates

/// The notification as one sample recipient gets it: the recipients to switch between, the
/// rendered title and body, the verdict, and where each device cuts this recipient's text.
struct RecipientPreview {
    let template: PayloadTemplate
    let validator: Validator

    /// The preview's values for the page; `selected` is a sample's index, nil for the example.
    func value(samples: [JSONValue], selected: Int?) -> TemplateValue {
        let chosen = selected.flatMap { samples.indices.contains($0) ? $0 : nil }
        var recipients: [TemplateValue] = [
            ["value": "example", "label": "Example values", "selected": .bool(chosen == nil)]
        ]
        for (index, sample) in samples.enumerated() {
            let label = JSONWriter().string(sample)
            recipients.append([
                "value": .string(String(index)),
                "label": .string("Recipient \(index + 1): \(label.prefix(60))"),
                "selected": .bool(chosen == index),
            ])
        }
        let result: RenderedPayload
        if let chosen {
            result = template.render(recipient: samples[chosen], validator: validator)
        } else {
            result = template.renderExample(validator: validator)
        }
        var value: [String: TemplateValue] = [
            "recipients": .list(recipients), "valid": .bool(result.report.valid),
            "size": .string("\(result.report.size.bytes) B of \(result.report.size.limit)"),
            "findings": .list(result.report.diagnostics.map(PersonalizationPages.finding)),
        ]
        guard !result.bytes.isEmpty else { return .object(value) }
        let analysis = PayloadAnalysis(payload: result.bytes, headers: result.headers, validator: validator)
        let alert = analysis.alert?.content
        value["title"] = .string(alert?.title ?? "")
        value["body"] = .string(alert?.body ?? "")
        let matrix = PreviewMatrix(PreviewContent(analysis: analysis))
        var cuts: [TemplateValue] = []
        for row in matrix.rows {
            for field in PreviewMatrix.fields where row.cell(field).truncated {
                cuts.append(
                    .string(
                        "\(row.device.label) · \(row.surface.title): the \(field) is cut after “…\(row.cell(field).lastShown)…”"
                    ))
            }
        }
        value["cuts"] = .list(cuts)
        value["cutCount"] = .int(cuts.count)
        return .object(value)
    }
}
