import JSON

/// Validates lines one after another and appends each one's compact report and a newline,
/// keeping the reader's buffers, the report's scratch and the check of the run's headers from
/// line to line.
struct LineReportWriter {
    private var buffers = JSONReadBuffers()
    private var scratch: [UInt8] = []
    private let headerCheck: HeaderCheck

    /// A writer for the lines of `validator`'s run; its headers are checked here, once.
    init(for validator: JSONLinesValidator) {
        headerCheck = HeaderCheck(validator.validator, headers: validator.headers)
    }

    /// Appends the report of `line` (line `lineNumber` of the input) to `output`; returns
    /// whether the line is valid.
    mutating func append(
        for line: JSONLineSplitter.Line, lineNumber: Int, with validator: JSONLinesValidator,
        to output: inout [UInt8]
    ) -> Bool {
        let report = validator.report(
            for: line, lineNumber: lineNumber, headerCheck: headerCheck, reusing: &buffers)
        report.appendCompactJSON(to: &output, scratch: &scratch)
        output.append(UInt8(ascii: "\n"))
        return report.valid
    }
}
