/// String literals as Swift lexes them: `"…"` with escapes and interpolation, multi-line
/// `"""…"""`, and raw strings with any number of `#`. The decoded text matters only for raw
/// values and `CodingKeys`; everything else is read so that a quote or a bracket inside a
/// string in a view's code never ends a declaration early.
extension SwiftTokenizer {
    /// The number of `#` before a string's opening quote when the cursor is at a raw string
    /// (`#"`, `##"`…); nil otherwise.
    func rawStringHashes() -> Int? {
        var count = 0
        while scalar(at: count) == "#" { count += 1 }
        return count > 0 && scalar(at: count) == "\"" ? count : nil
    }

    /// Reads the string literal at the cursor and returns its decoded text; an interpolation
    /// stands as U+FFFC in it.
    mutating func stringLiteral() throws(SwiftTokenError) -> String {
        let start = line
        let hashes = rawStringHashes() ?? 0
        for _ in 0..<hashes { advance() }
        let multiLine = following == "\"" && scalar(at: 2) == "\""
        for _ in 0..<(multiLine ? 3 : 1) { advance() }
        var text = ""
        while true {
            guard let scalar = current else {
                throw SwiftTokenError(message: "unclosed string literal", line: start)
            }
            if !multiLine && scalar == "\n" {
                throw SwiftTokenError(message: "unclosed string literal", line: start)
            }
            if isClosingDelimiter(multiLine: multiLine, hashes: hashes) {
                for _ in 0..<((multiLine ? 3 : 1) + hashes) { advance() }
                return multiLine ? Self.dedented(text) : text
            }
            if scalar == "\\"
                && (1...max(1, hashes)).allSatisfy({ hashes == 0 || self.scalar(at: $0) == "#" })
            {
                for _ in 0...hashes { advance() }
                try escape(into: &text, multiLine: multiLine)
                continue
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
    }

    private func isClosingDelimiter(multiLine: Bool, hashes: Int) -> Bool {
        let quotes = multiLine ? 3 : 1
        for offset in 0..<quotes where scalar(at: offset) != "\"" { return false }
        for offset in 0..<hashes where scalar(at: quotes + offset) != "#" { return false }
        return true
    }

    /// One escape after its backslash (and the raw string's `#`s): a character, `\u{…}`, an
    /// interpolation, or a multi-line string's line continuation.
    private mutating func escape(into text: inout String, multiLine: Bool) throws(SwiftTokenError) {
        let start = line
        switch current {
        case "n": text += "\n"
        case "t": text += "\t"
        case "r": text += "\r"
        case "\"": text += "\""
        case "'": text += "'"
        case "\\": text += "\\"
        case "0": text += "\0"
        case "u":
            advance()
            guard current == "{" else {
                throw SwiftTokenError(message: "expected `{` after \\u", line: start)
            }
            advance()
            var digits = ""
            while let digit = current, digit != "}", digits.count <= 8 {
                digits.unicodeScalars.append(digit)
                advance()
            }
            guard current == "}", let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
            else {
                throw SwiftTokenError(message: "\\u{\(digits)} is not a Unicode scalar", line: start)
            }
            text.unicodeScalars.append(scalar)
        case "(":
            try skipInterpolation()
            text += "\u{FFFC}"
            return
        case let space? where multiLine && (space == "\n" || space == " " || space == "\t"):
            // A line continuation: the backslash, trailing blanks and the line break vanish.
            while let blank = current, blank == " " || blank == "\t" { advance() }
            if current == "\n" { advance() }
            return
        default:
            throw SwiftTokenError(message: "invalid escape sequence in a string literal", line: start)
        }
        advance()
    }

    /// Skips `(…)` of an interpolation, strings and comments inside it included.
    private mutating func skipInterpolation() throws(SwiftTokenError) {
        let start = line
        advance()
        var depth = 1
        while depth > 0 {
            try skipTrivia()
            guard let scalar = current else {
                throw SwiftTokenError(message: "unclosed string interpolation", line: start)
            }
            if scalar == "\"" || (scalar == "#" && rawStringHashes() != nil) {
                _ = try stringLiteral()
                continue
            }
            if scalar == "(" { depth += 1 } else if scalar == ")" { depth -= 1 }
            advance()
        }
    }

    /// A multi-line string's value: without the line after the opening delimiter and the
    /// closing delimiter's indentation, which Swift strips from every line.
    static func dedented(_ raw: String) -> String {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.first?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeFirst() }
        guard let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            return lines.joined(separator: "\n")
        }
        lines.removeLast()
        return lines.map { $0.hasPrefix(last) ? String($0.dropFirst(last.count)) : $0 }.joined(
            separator: "\n")
    }
}
