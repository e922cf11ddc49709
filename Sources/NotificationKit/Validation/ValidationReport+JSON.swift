import JSON

extension ValidationReport {
    /// The report as a JSON tree in CONTRACT §4 order, for embedding in other answers (the
    /// preview carries its report) and for pretty output.
    public var jsonValue: JSONValue {
        var size = JSONObjectBuilder()
        size.set("bytes", self.size.bytes)
        size.set("limit", self.size.limit)
        var report = JSONObjectBuilder()
        if let inputLine {
            report.set("line", inputLine)
        }
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
            return String(decoding: compactJSON, as: UTF8.self)
        }
        return JSONWriter(style: style).string(jsonValue)
    }

    /// Appends the compact JSON of the report to `output` without building a tree, because
    /// `validate --jsonl` writes one report per line for files of many thousand lines: written
    /// first into `scratch`, which the caller keeps from one report to the next so that no
    /// report allocates. Same bytes as `JSONWriter` on `jsonValue`.
    public func appendCompactJSON(to output: inout [UInt8], scratch: inout [UInt8]) {
        let capacity = compactJSONCapacity
        if scratch.count < capacity {
            scratch = [UInt8](repeating: 0, count: Swift.max(capacity, 2 * scratch.count))
        }
        let written = scratch.withUnsafeMutableBufferPointer { writeCompactJSON(into: $0) }
        scratch.withUnsafeBufferPointer {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<written]))
        }
    }

    /// The compact JSON of the report as the whole of a new buffer, written once in place (the
    /// API's answer body), without building a tree. Same bytes as `JSONWriter` on `jsonValue`.
    public var compactJSON: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: compactJSONCapacity) { buffer, count in
            count = writeCompactJSON(into: buffer)
        }
    }

    /// Writes the compact JSON at the start of `buffer`, which holds at least
    /// `compactJSONCapacity` bytes, and returns how many it wrote: for writers that own the
    /// answer's memory (the preview document), so the report goes straight into it.
    public func writeCompactJSON(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var cursor = JSONOutputCursor(buffer)
        writeCompactJSON(to: &cursor)
        return cursor.count
    }

    /// The most bytes `writeCompactJSON` writes: its constant text (under 192 bytes, and under
    /// 128 a diagnostic), a full-length integer per number (the line, bytes, limit; two per
    /// diagnostic), and each string fully escaped.
    public var compactJSONCapacity: Int {
        var capacity =
            192 + 3 * DecimalDigits.maximumLength + JSONOutputCursor.maximumQuotedLength(pushType)
            + (assumedPushType.map(JSONOutputCursor.maximumQuotedLength) ?? 0)
        for diagnostic in diagnostics {
            capacity +=
                128 + 2 * DecimalDigits.maximumLength
                + JSONOutputCursor.maximumQuotedLength(diagnostic.code)
                + JSONOutputCursor.maximumQuotedLength(diagnostic.path)
                + JSONOutputCursor.maximumQuotedLength(diagnostic.message)
        }
        return capacity
    }

    /// Writes the compact JSON in CONTRACT §4 order into room reserved for `compactJSONCapacity`.
    private func writeCompactJSON(to output: inout JSONOutputCursor) {
        if let inputLine {
            output.append(#"{"line":"#)
            output.append(inputLine)
            output.append(valid ? #","valid":true,"pushType":"# : #","valid":false,"pushType":"#)
        } else {
            output.append(valid ? #"{"valid":true,"pushType":"# : #"{"valid":false,"pushType":"#)
        }
        output.appendQuoted(pushType)
        if let assumedPushType {
            output.append(#","assumedPushType":"#)
            output.appendQuoted(assumedPushType)
        }
        output.append(#","size":{"bytes":"#)
        output.append(size.bytes)
        output.append(#","limit":"#)
        output.append(size.limit)
        output.append(#"},"diagnostics":["#)
        for (index, diagnostic) in diagnostics.enumerated() {
            output.append(index == 0 ? #"{"severity":""# : #",{"severity":""#)
            output.append(diagnostic.severity.literal)
            output.append(#"","code":"#)
            output.appendQuoted(diagnostic.code)
            output.append(#","path":"#)
            output.appendQuoted(diagnostic.path)
            output.append(#","message":"#)
            output.appendQuoted(diagnostic.message)
            if let line = diagnostic.line {
                output.append(#","line":"#)
                output.append(line)
            }
            if let column = diagnostic.column {
                output.append(#","column":"#)
                output.append(column)
            }
            output.append(UInt8(ascii: "}"))
        }
        output.append("]}")
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
