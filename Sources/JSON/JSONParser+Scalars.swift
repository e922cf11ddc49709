extension JSONParser {
    /// Reads a string, number, `true`, `false` or `null` at `index` and records its node; false
    /// when the reader must stop.
    ///
    /// A bare word or number-like token that is not JSON (`NaN`, `Infinity`, `01`, `+1`, `.5`,
    /// `tru`) is reported and read as `null`, so reading goes on and reports the rest; any other
    /// unexpected character stops the reader.
    mutating func parseScalar() -> Bool {
        let start = index
        let startColumn = currentColumn(at: start)
        let byte = bytes[start]
        if byte == ASCII.quote {
            guard let needsDecoding = scanString() else { return false }
            record(.string, flag: needsDecoding, from: start, column: startColumn)
            return true
        }
        guard isTokenByte(byte) else {
            if byte >= 0x80 && utf8SequenceLength(at: start) == 0 {
                report(
                    .invalidUTF8,
                    "Byte 0x\(hex(UInt32(byte), width: 2)) is not UTF-8; APNs requires UTF-8 text.",
                    at: start)
            } else {
                report(.syntax, "Expected a value but found \(describeByte(at: start)).", at: start)
            }
            return false
        }
        var end = start + 1
        while end < bytes.count && isTokenByte(bytes[end]) { end += 1 }
        index = end
        let token = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if byte == ASCII.minus || (ASCII.zero...ASCII.nine).contains(byte) {
            // Checked (and reported) now; converted again only when a caller asks for it.
            if Self.isPlainDecimal(token) || numberValue(token, at: start) != nil {
                record(.number, from: start, column: startColumn)
                return true
            }
        } else if token.elementsEqual("true".utf8) {
            record(.bool, flag: true, from: start, column: startColumn)
            return true
        } else if token.elementsEqual("false".utf8) {
            record(.bool, from: start, column: startColumn)
            return true
        } else if token.elementsEqual("null".utf8) {
            record(.null, from: start, column: startColumn)
            return true
        } else {
            reportBadToken(token, at: start)
        }
        record(.null, from: start, column: startColumn)
        return true
    }

    private mutating func record(
        _ kind: JSONFlatNode.Kind, flag: Bool = false, from start: Int, column: Int, count: Int = 0
    ) {
        nodes.append(
            JSONFlatNode(
                kind: kind, flag: flag, start: start, end: index, line: line, column: column, count: count))
    }

    /// Letters, digits, `+`, `-` and `.`: what a number or a bare word is made of.
    private func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.zero...ASCII.nine, UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"),
            ASCII.plus, ASCII.minus, ASCII.dot:
            true
        default:
            false
        }
    }

    private mutating func reportBadToken(_ token: UnsafeBufferPointer<UInt8>, at start: Int) {
        let text = String(decoding: token, as: UTF8.self)
        let word = text.lowercased().drop { $0 == "+" || $0 == "-" }
        if word == "nan" || word == "infinity" || word == "inf" {
            reportNonFinite(text, at: start)
        } else if token[0] == ASCII.plus || token[0] == ASCII.dot {
            report(
                .invalidNumber, "\(text) is not a JSON number: no leading '+' or '.' is allowed.", at: start)
        } else {
            report(.syntax, "Unknown word \(text); JSON has only true, false and null.", at: start)
        }
    }
}
