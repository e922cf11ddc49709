import JSON

/// Validates lines one after another and appends each one's compact report and a newline,
/// keeping the reader's buffers and the report's scratch from line to line.
struct LineReportWriter {
    private var buffers = JSONReadBuffers()
    private var scratch: [UInt8] = []

    /// Appends the report of `line` (line `lineNumber` of the input) to `output`; returns
    /// whether the line is valid.
    mutating func append(
        for line: JSONLineSplitter.Line, lineNumber: Int, with validator: JSONLinesValidator,
        to output: inout [UInt8]
    ) -> Bool {
        let report = validator.report(for: line, lineNumber: lineNumber, reusing: &buffers)
        report.appendCompactJSON(to: &output, scratch: &scratch)
        output.append(UInt8(ascii: "\n"))
        return report.valid
    }
}
