import JSON
import NotificationKit
import NotificationPreview

/// What every recipient a template can produce costs at worst, next to the example: the bytes
/// (every variable at its worst, JSON escaping counted) and the lines (every text variable at
/// its maximum length in the widest characters of its scripts, on every device and surface).
public struct WorstCase: Sendable {
    /// One field cut at worst on a surface where the example is not.
    public struct Cut: Sendable, Hashable {
        public var surface: Surface
        public var field: String
        /// The devices that cut it, narrowest platter first.
        public var devices: [DeviceID]
        /// The devices that show the surface at all.
        public var deviceCount: Int
        /// The text variables written in the field.
        public var variables: [String]
        /// The last characters shown at worst on the first device.
        public var lastShown: String
    }

    /// The example payload's size in bytes.
    public var exampleBytes: Int
    /// The worst payload's size in bytes.
    public var worstBytes: Int
    /// The push type's size limit.
    public var limit: Int
    /// Bytes each variable adds at its worst over its example (others at their examples).
    public var contributions: [(variable: String, bytes: Int)]
    /// The fields cut at worst where the example is not, per surface.
    public var cuts: [Cut]
    /// The worst payload's bytes (for the composer's preview of the worst case).
    public var worstPayload: [UInt8]
    /// The payload laid out at worst for lines.
    public var linesPayload: [UInt8]

    /// "example 412 B · worst 3 990 B of 4 096".
    public var summary: String {
        "example \(Self.grouped(exampleBytes)) B · worst \(Self.grouped(worstBytes)) B of \(Self.grouped(limit))"
    }

    /// Bytes over the limit at worst, 0 when it fits.
    public var bytesOver: Int { max(0, worstBytes - limit) }

    /// Computes the worst case of `template`, checking the example with `validator` and laying
    /// out the lines on `devices`.
    public init(_ template: PayloadTemplate, validator: Validator, devices: [DeviceID] = DeviceID.allCases) {
        let examples = template.exampleValues
        let example = template.render(examples)
        let exampleAnalysis = PayloadAnalysis(
            payload: example.bytes, headers: example.headers, validator: validator)
        exampleBytes = example.bytes.count
        limit = exampleAnalysis.report.size.limit
        worstPayload = Self.render(template, worst: Set(template.variables.map(\.name)), lines: false)
        worstBytes = worstPayload.count
        contributions = template.variables.map { variable in
            (
                variable.name,
                Self.render(template, worst: [variable.name], lines: false).count - example.bytes.count
            )
        }
        linesPayload = Self.render(template, worst: Set(template.variables.map(\.name)), lines: true)
        let worstAnalysis = PayloadAnalysis(
            payload: linesPayload, headers: example.headers, validator: validator)
        let exampleMatrix = PreviewMatrix(PreviewContent(analysis: exampleAnalysis), devices: devices)
        let worstMatrix = PreviewMatrix(PreviewContent(analysis: worstAnalysis), devices: devices)
        cuts = Self.cuts(worst: worstMatrix, example: exampleMatrix, template: template)
    }

    /// The payload with the variables in `worst` at their worst (for bytes or for lines) and
    /// every other variable at its example.
    static func render(_ template: PayloadTemplate, worst: Set<String>, lines: Bool) -> [UInt8] {
        let candidates: (OutputTag) -> [String?] = { tag in
            guard let variable = template.variable(tag.variable) else { return [nil] }
            guard worst.contains(tag.variable) else { return [variable.example] }
            let values = WorstValues(variable: variable)
            return lines ? values.lineCandidates(for: tag) : values.byteCandidates(for: tag)
        }
        let measure: (String) -> Int = lines ? { $0.unicodeScalars.count } : { WorstValues.escapedBytes($0) }
        let renderer = WorstRender(candidates: candidates, measure: measure)
        let strings = template.slots.map { renderer.render($0.text) }
        return template.assemble(strings, collapseID: template.collapseID.map { renderer.render($0.text) })
            .bytes
    }

    private static func cuts(worst: PreviewMatrix, example: PreviewMatrix, template: PayloadTemplate) -> [Cut]
    {
        var cuts: [Cut] = []
        for surface in Surface.allCases {
            let worstRows = worst.rows.filter { $0.surface == surface }
            let exampleRows = example.rows.filter { $0.surface == surface }
            for field in PreviewMatrix.fields {
                let cutRows = zip(worstRows, exampleRows).filter {
                    $0.cell(field).truncated && !$1.cell(field).truncated
                }
                .map(\.0).sorted { $0.platterWidth < $1.platterWidth }
                guard let first = cutRows.first else { continue }
                let path = "$.aps.alert." + field
                let names = template.slots.filter { $0.path == path || $0.path == "$.aps.alert" }
                    .flatMap { $0.text.outputs.map(\.variable) }
                    .filter { template.variable($0)?.type == .text }
                cuts.append(
                    Cut(
                        surface: surface, field: field, devices: cutRows.map(\.device),
                        deviceCount: worstRows.count,
                        variables: Array(Set(names)).sorted(), lastShown: first.cell(field).lastShown))
            }
        }
        return cuts
    }

    /// `4096` as "4 096": thin groups, as the composer writes sizes.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var output = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { output += " " }
            output.append(digit)
        }
        return output
    }
}
