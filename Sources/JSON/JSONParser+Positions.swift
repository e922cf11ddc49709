/// Byte constants the parser compares against.
enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let carriageReturn = UInt8(ascii: "\r")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
}

extension JSONParser {
    /// Skips JSON whitespace, keeping the line count.
    ///
    /// Compact text (JSON Lines) has none between most tokens: that case is decided inline,
    /// without a call, from the one byte at `index`.
    @inline(__always)
    mutating func skipWhitespace() {
        if index < bytes.count && bytes[index] > ASCII.space { return }
        skipWhitespaceRun()
    }

    /// The loop of `skipWhitespace`, out of line.
    @inline(never)
    private mutating func skipWhitespaceRun() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn {
                index += 1
            } else if byte == ASCII.newline {
                index += 1
                line += 1
                lineStart = index
                lineContinuations = 0
            } else {
                return
            }
        }
    }

    /// The column of an offset on the current line outside any string (the cheap formula).
    func currentColumn(at offset: Int) -> Int {
        offset - lineStart - lineContinuations + 1
    }

    /// Line and column of any offset, by scanning; used only when something is reported.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = self.line
        var start = lineStart
        if offset < lineStart {
            line = 1
            start = 0
            for position in 0..<offset where bytes[position] == ASCII.newline {
                line += 1
                start = position + 1
            }
        }
        var column = 1
        var position = start
        while position < offset && position < bytes.count {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return (line, column)
    }

    /// The JSON path of the value being read, from the stack.
    func currentPath() -> String {
        var path = JSONPath.root
        for frame in stack + (depth > 0 ? [current] : []) {
            if frame.isObject {
                if frame.hasKey { path = JSONPath.appending(key: keyText(frame.keyNode), to: path) }
            } else {
                path = JSONPath.appending(index: frame.count, to: path)
            }
        }
        return path
    }

    /// Records an error at `offset`; past the limit, records `json.too-many-errors` and stops.
    mutating func report(_ code: JSONReadCode, _ message: String, at offset: Int) {
        guard reporting, !stopped else { return }
        let place = position(of: offset)
        if diagnostics.count >= JSONReader.maximumDiagnostics {
            stopped = true
            diagnostics.append(
                Diagnostic(
                    JSONReadCode.tooManyErrors, path: currentPath(),
                    message: "More than \(JSONReader.maximumDiagnostics) faults; the reader stopped here.",
                    line: place.line, column: place.column))
            return
        }
        diagnostics.append(
            Diagnostic(
                code, path: currentPath(), message: message, line: place.line,
                column: place.column))
    }

    /// Reports that the text ended while something was still expected.
    mutating func reportUnexpectedEnd(expecting expected: String) {
        report(.syntax, "The text ends where \(expected) was expected.", at: bytes.count)
    }

    /// A readable name for the byte at `offset`, for messages: `'x'`, `U+00E9 'é'`, `byte 0xFF`.
    func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "control character U+\(hex(UInt32(byte), width: 4))" }
        let length = utf8SequenceLength(at: offset)
        guard length > 0 else { return "byte 0x\(hex(UInt32(byte), width: 2)) (not UTF-8)" }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        let scalar = text.unicodeScalars.first?.value ?? 0
        return "U+\(hex(scalar, width: 4)) '\(text)'"
    }

    /// Uppercase hexadecimal, zero-padded.
    func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Length of the well-formed UTF-8 sequence at `offset` (1–4), or 0 when it is not UTF-8
    /// (overlong forms, encoded surrogates and values above U+10FFFF included).
    func utf8SequenceLength(at offset: Int) -> Int {
        let count = bytes.count
        let lead = bytes[offset]
        if lead < 0x80 { return 1 }
        func continuation(_ position: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            position < count && range.contains(bytes[position])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(offset + 1) ? 2 : 0
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> =
                lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            return continuation(offset + 1, second) && continuation(offset + 2) ? 3 : 0
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> =
                lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            return continuation(offset + 1, second) && continuation(offset + 2) && continuation(offset + 3)
                ? 4 : 0
        default:
            return 0
        }
    }
}
