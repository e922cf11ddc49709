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
    /// `validate --jsonl` writes one report per line for files of many thousand lines.
    public func appendCompactJSON(to output: inout [UInt8]) {
        output.append(
            contentsOf: valid ? #"{"valid":true,"pushType":"#.utf8 : #"{"valid":false,"pushType":"#.utf8)
        JSONWriter.appendQuoted(pushType, to: &output)
        output.append(contentsOf: #","size":{"bytes":"#.utf8)
        output.append(contentsOf: String(size.bytes).utf8)
        output.append(contentsOf: #","limit":"#.utf8)
        output.append(contentsOf: String(size.limit).utf8)
        output.append(contentsOf: #"},"diagnostics":["#.utf8)
        for (index, diagnostic) in diagnostics.enumerated() {
            output.append(contentsOf: index == 0 ? #"{"severity":""#.utf8 : #",{"severity":""#.utf8)
            output.append(contentsOf: diagnostic.severity.rawValue.utf8)
            output.append(contentsOf: #"","code":"#.utf8)
            JSONWriter.appendQuoted(diagnostic.code, to: &output)
            output.append(contentsOf: #","path":"#.utf8)
            JSONWriter.appendQuoted(diagnostic.path, to: &output)
            output.append(contentsOf: #","message":"#.utf8)
            JSONWriter.appendQuoted(diagnostic.message, to: &output)
            if let line = diagnostic.line {
                output.append(contentsOf: #","line":"#.utf8)
                output.append(contentsOf: String(line).utf8)
            }
            if let column = diagnostic.column {
                output.append(contentsOf: #","column":"#.utf8)
                output.append(contentsOf: String(column).utf8)
            }
            output.append(UInt8(ascii: "}"))
        }
        output.append(contentsOf: "]}".utf8)
    }
}
