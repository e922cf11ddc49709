import JSON

/// Collects diagnostics while one payload is checked, applying `strict` and placing each finding
/// at its line and column.
struct DiagnosticSink {
    /// When true, warnings are recorded as errors.
    let strict: Bool
    /// Added to every line so findings in one line of a JSON Lines file point into that file.
    let lineOffset: Int
    /// The findings so far, in the order they were found.
    private(set) var diagnostics: [Diagnostic] = []

    /// A sink for one payload; `lineOffset` is the payload's line in its file, less one.
    init(strict: Bool, lineOffset: Int = 0) {
        self.strict = strict
        self.lineOffset = lineOffset
    }

    /// Records `code` at `path`, placed at `span` when the fault has a place in the text. The path
    /// is built only when something is recorded, because most payloads have no findings.
    mutating func emit(
        _ code: PayloadCode, _ path: @autoclosure () -> String, at span: JSONSpan?, _ message: String
    ) {
        record(code, path(), at: span, message)
    }

    /// Records the finding `code` of any table at its severity (raised by `strict`), placed at
    /// `span`; the typed `emit` overloads exist so call sites can write `.payloadTooLarge`.
    mutating func record(
        _ code: some DiagnosticCode, _ path: @autoclosure () -> String, at span: JSONSpan?, _ message: String
    ) {
        append(
            Diagnostic(code, path: path(), message: message, line: span?.line, column: span?.column))
    }

    /// Records a finding made elsewhere (the reader's `json.*` codes), shifted into this file.
    mutating func append(_ diagnostic: Diagnostic) {
        var shifted = diagnostic
        shifted.line = diagnostic.line.map { $0 + lineOffset }
        if strict && shifted.severity == .warning {
            shifted.severity = .error
        }
        diagnostics.append(shifted)
    }
}
