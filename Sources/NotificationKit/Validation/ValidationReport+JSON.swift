import JSON

extension ValidationReport {
    /// The report as a JSON tree in CONTRACT §4 order, for embedding in other answers (the
    /// preview carries its report) and for pretty output.
    public var jsonValue: JSONValue {
        var size = JSONObjectBuilder()
        size.set("bytes", self.size.bytes)
        size.set("limit", self.size.limit)
        var report = JSONObjectBuilder()
        report.set("valid", valid)
        report.set("pushType", pushType)
        if let assumedPushType {
            report.set("assumedPushType", assumedPushType)
        }
        report.set("size", size.value)
        report.set("diagnostics", .list(diagnostics.map(\.jsonValue)))
        return report.value
    }

    /// The report as JSON text: compact on one line (JSON Lines output) or pretty.
    public func json(style: JSONWriter.Style = .compact) -> String {
        if style == .compact {
            var bytes: [UInt8] = []
            appendCompactJSON(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        return JSONWriter(style: style).string(jsonValue)
    }

    /// Appends the compact JSON of the report to `output` without building a tree, because
    /// `validate --jsonl` writes one report per line for files of many thousand lines and the
    /// API writes it straight into the response body. Same bytes as `JSONWriter` on `jsonValue`.
    public func appendCompactJSON(to output: inout [UInt8]) {
        Self.append(valid ? #"{"valid":true,"pushType":"# : #"{"valid":false,"pushType":"#, to: &output)
        JSONWriter.appendQuoted(pushType, to: &output)
        if let assumedPushType {
            Self.append(#","assumedPushType":"#, to: &output)
            JSONWriter.appendQuoted(assumedPushType, to: &output)
        }
        Self.append(#","size":{"bytes":"#, to: &output)
        Self.append(size.bytes, to: &output)
        Self.append(#","limit":"#, to: &output)
        Self.append(size.limit, to: &output)
        Self.append(#"},"diagnostics":["#, to: &output)
        for (index, diagnostic) in diagnostics.enumerated() {
            Self.append(index == 0 ? #"{"severity":""# : #",{"severity":""#, to: &output)
            Self.append(diagnostic.severity.literal, to: &output)
            Self.append(#"","code":"#, to: &output)
            JSONWriter.appendQuoted(diagnostic.code, to: &output)
            Self.append(#","path":"#, to: &output)
            JSONWriter.appendQuoted(diagnostic.path, to: &output)
            Self.append(#","message":"#, to: &output)
            JSONWriter.appendQuoted(diagnostic.message, to: &output)
            if let line = diagnostic.line {
                Self.append(#","line":"#, to: &output)
                Self.append(line, to: &output)
            }
            if let column = diagnostic.column {
                Self.append(#","column":"#, to: &output)
                Self.append(column, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
        Self.append("]}", to: &output)
    }

    /// Appends constant text without going through `String`.
    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Appends a decimal integer without making a `String` of it.
    private static func append(_ number: Int, to output: inout [UInt8]) {
        if number < 0 {
            output.append(UInt8(ascii: "-"))
        }
        var magnitude = number.magnitude
        // 20 digits hold any Int; appended as one buffer (a slice of raw bytes took the slow,
        // generic way into the array).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}

extension Severity {
    /// The severity's name as constant text, for writers that skip `String`.
    fileprivate var literal: StaticString {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        }
    }
}
