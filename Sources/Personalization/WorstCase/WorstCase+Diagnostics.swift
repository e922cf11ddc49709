import JSON
import NotificationPreview

extension WorstCase {
    /// The variable that adds the most bytes at its worst, with how many.
    public var largestContribution: (variable: String, bytes: Int)? {
        contributions.max { $0.bytes < $1.bytes }
    }

    /// `template.worst.too-large` when the worst case is over the limit, and one
    /// `template.worst.cut` per surface and field cut at worst where the example is not.
    public func diagnostics(_ template: PayloadTemplate) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if bytesOver > 0 {
            var message =
                "With every variable at its worst the payload is \(Self.grouped(worstBytes)) bytes, "
                + "\(Self.grouped(bytesOver)) over the \(Self.grouped(limit))-byte limit (\(summary))."
            if let largest = largestContribution, let variable = template.variable(largest.variable) {
                message +=
                    " Most comes from \(largest.variable): +\(Self.grouped(largest.bytes)) bytes at "
                    + "\(variable.maxLength) characters; lower its maximum length or truncate it."
            }
            found.append(Diagnostic(TemplateCode.worstTooLarge, path: JSONPath.root, message: message))
        }
        for cut in cuts {
            let lengths = cut.variables.compactMap { name in
                template.variable(name).map { "\(name) at \($0.maxLength) characters" }
            }
            let cause =
                lengths.isEmpty
                ? "every text variable at its maximum length" : lengths.joined(separator: " and ")
            let devices =
                cut.devices.count == cut.deviceCount
                ? "on every device that shows it" : "on \(cut.devices.count) of \(cut.deviceCount) devices"
            found.append(
                Diagnostic(
                    TemplateCode.worstCut, path: "$.aps.alert." + cut.field,
                    message:
                        "With \(cause) the \(cut.field) is cut on the \(cut.surface.title) \(devices), first on "
                        + "\(cut.devices[0].label) after \"…\(cut.lastShown)…\"; the example is not."))
        }
        return found
    }
}
