import JSON
import NotificationKit

/// One JSON Lines recipient turned into one result line, the shape the command line and the
/// streaming API write (docs/templates.md, "Result lines"):
/// `{"line":N,"valid":true,"headers":{…},"payload":{…exact bytes…}}`, or with `"valid":false`
/// and the `report` (CONTRACT §4) instead of the payload (and no headers when the values were
/// refused before rendering). A valid line with warnings carries its report too; infos alone
/// do not make a line carry one.
public struct RecipientLine: Sendable {
    /// The template every line is rendered with.
    public let template: PayloadTemplate
    /// The validator every rendered payload is checked by.
    public let validator: Validator
    /// The straight way for flat lines of strings, nil when the template's strings sit where
    /// the validator reads them (RecipientFastPath).
    let fastPath: RecipientFastPath?

    /// A line renderer for `template`, checked by `validator`.
    public init(template: PayloadTemplate, validator: Validator) {
        self.init(template: template, validator: validator, fast: true)
    }

    /// As `init(template:validator:)`; with `fast` false every line goes the full way (the
    /// reference the fast path is tested against).
    init(template: PayloadTemplate, validator: Validator, fast: Bool) {
        self.template = template
        self.validator = validator
        fastPath = fast ? RecipientFastPath(template: template) : nil
    }

    /// The result of line `number` (1-based) holding `bytes` (without its newline), appended to
    /// `output` with its newline; returns whether it was valid.
    @discardableResult
    public func render(_ bytes: some Collection<UInt8>, number: Int, to output: inout [UInt8]) -> Bool {
        var scratch = RecipientScratch(for: self)
        return render(bytes, number: number, to: &output, scratch: &scratch)
    }

    /// As `render(_:number:to:)`, with the buffers and judged keys of `scratch`, which a caller
    /// rendering many lines on one thread keeps from line to line.
    @discardableResult
    public func render(
        _ bytes: some Collection<UInt8>, number: Int, to output: inout [UInt8],
        scratch: inout RecipientScratch
    ) -> Bool {
        if let fastPath,
            let valid = bytes.withContiguousStorageIfAvailable({
                fastPath.render($0, number: number, to: &output, scratch: &scratch, validator: validator)
            }) ?? nil
        {
            return valid
        }
        return renderFully(bytes, number: number, to: &output)
    }

    /// The full way: the line read as a tree, the values checked, the payload validated.
    private func renderFully(_ bytes: some Collection<UInt8>, number: Int, to output: inout [UInt8]) -> Bool {
        let reading = JSONReader().read(bytes)
        let result: RenderedPayload
        if let root = reading.root, reading.isValid {
            result = template.render(recipient: root.value, validator: validator)
        } else {
            var report = validator.validate(payload: [UInt8]("{}".utf8), headers: template.headers)
            report.size.bytes = 0
            report.diagnostics =
                reading.diagnostics.isEmpty
                ? [Diagnostic(TemplateCode.valueInvalid, path: "values", message: "The line is empty.")]
                : reading.diagnostics
            result = RenderedPayload(bytes: [], headers: template.headers, report: report)
        }
        Self.write(result, number: number, to: &output)
        return result.report.valid
    }

    /// `result` as one result line.
    public static func write(_ result: RenderedPayload, number: Int?, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        if let number { output.append(contentsOf: "\"line\":\(number),".utf8) }
        let valid = result.report.valid
        output.append(contentsOf: (valid ? "\"valid\":true" : "\"valid\":false").utf8)
        if !result.bytes.isEmpty {
            // Written straight, names sorted: the line's shape is fixed, and a tree per line
            // cost more than the rendering.
            output.append(contentsOf: ",\"headers\":{".utf8)
            for (index, name) in result.headers.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONWriter.appendQuoted(name, to: &output)
                output.append(UInt8(ascii: ":"))
                JSONWriter.appendQuoted(result.headers[name] ?? "", to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
        if valid {
            output.append(contentsOf: ",\"payload\":".utf8)
            output.append(contentsOf: result.bytes)
        }
        // Infos (a category not checked, as the command line says once) stay out of the lines.
        if !valid || result.report.diagnostics.contains(where: { $0.severity <= .warning }) {
            output.append(contentsOf: ",\"report\":".utf8)
            output.append(contentsOf: result.report.compactJSON)
        }
        output.append(contentsOf: "}\n".utf8)
    }
}
