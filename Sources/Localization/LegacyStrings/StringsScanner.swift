/// The scanner of `.strings` text, one Unicode scalar at a time, counting lines and columns.
struct StringsScanner {
    private var cursor: TextCursor
    private let file: String?

    init(_ text: String, file: String?) {
        self.cursor = TextCursor(text)
        self.file = file
    }

    var atEnd: Bool { cursor.atEnd }

    private var current: Unicode.Scalar? { cursor.current }
    private var line: Int { cursor.line }
    private var column: Int { cursor.column }

    private func peek(_ distance: Int) -> Unicode.Scalar? { cursor.peek(distance) }

    private mutating func advance() { cursor.advance() }

    /// Skips white space and comments; returns the last comment's text.
    @discardableResult
    mutating func skipSpaceAndComments() throws(CatalogReadError) -> String? {
        var comment: String?
        while let scalar = current {
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", peek(1) == "*" {
                let (startLine, startColumn) = (line, column)
                advance()
                advance()
                var text = ""
                while current != nil, !(current == "*" && peek(1) == "/") {
                    text.unicodeScalars.append(current!)
                    advance()
                }
                guard current != nil else {
                    throw fail("a /* comment is never closed", startLine, startColumn)
                }
                advance()
                advance()
                comment = text.trimmingSpaces()
            } else if scalar == "/", peek(1) == "/" {
                var text = ""
                while let next = current, next != "\n" {
                    text.unicodeScalars.append(next)
                    advance()
                }
                comment = String(text.dropFirst(2)).trimmingSpaces()
            } else {
                break
            }
        }
        return comment
    }

    /// Takes `scalar` when it is next.
    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        advance()
        return true
    }

    /// Takes `scalar` or fails saying what was expected where.
    mutating func expect(_ scalar: Unicode.Scalar, _ place: String) throws(CatalogReadError) {
        guard take(scalar) else {
            let found = current.map { "\"\(Character($0))\"" } ?? "the end of the file"
            throw fail("expected \"\(Character(scalar))\" \(place), found \(found)", line, column)
        }
    }

    /// A quoted string or an unquoted word.
    mutating func token(_ what: String) throws(CatalogReadError) -> String {
        if current == "\"" { return try quoted() }
        var word = ""
        while let scalar = current, Self.isWordScalar(scalar) {
            word.unicodeScalars.append(scalar)
            advance()
        }
        guard !word.isEmpty else {
            let found = current.map { "\"\(Character($0))\"" } ?? "the end of the file"
            throw fail("expected \(what), found \(found)", line, column)
        }
        return word
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_$:./-".unicodeScalars.contains(scalar))
    }

    private mutating func quoted() throws(CatalogReadError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()
        var text = ""
        while let scalar = current {
            advance()
            if scalar == "\"" { return text }
            if scalar == "\\" {
                text.unicodeScalars.append(try escape())
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        throw fail("a string is never closed", startLine, startColumn)
    }

    private mutating func escape() throws(CatalogReadError) -> Unicode.Scalar {
        let (startLine, startColumn) = (line, column - 1)
        guard let scalar = current else { throw fail("a \\ at the end of the file", startLine, startColumn) }
        advance()
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "U", "u":
            var digits = ""
            while digits.count < 4, let next = current, next.properties.isASCIIHexDigit {
                digits.unicodeScalars.append(next)
                advance()
            }
            guard digits.count == 4, let code = UInt32(digits, radix: 16) else {
                throw fail("\\\(scalar) needs four hex digits", startLine, startColumn)
            }
            return try surrogatePair(code, startLine, startColumn)
        case "0"..."7":
            var code = scalar.value - 48
            for _ in 0..<2 {
                guard let next = current, ("0"..."7").contains(next) else { break }
                code = code * 8 + next.value - 48
                advance()
            }
            return Unicode.Scalar(code) ?? "\u{FFFD}"
        default: return scalar
        }
    }

    /// A `\Uxxxx` that is a high surrogate followed by `\Uxxxx` low surrogate makes one scalar.
    private mutating func surrogatePair(_ high: UInt32, _ line: Int, _ column: Int) throws(CatalogReadError)
        -> Unicode.Scalar
    {
        if let scalar = Unicode.Scalar(high) { return scalar }
        guard (0xD800...0xDBFF).contains(high), current == "\\", peek(1) == "U" || peek(1) == "u" else {
            throw fail("a lone surrogate \\U\(String(high, radix: 16, uppercase: true))", line, column)
        }
        advance()
        advance()
        var digits = ""
        while digits.count < 4, let next = current, next.properties.isASCIIHexDigit {
            digits.unicodeScalars.append(next)
            advance()
        }
        guard let low = UInt32(digits, radix: 16), (0xDC00...0xDFFF).contains(low),
            let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
        else { throw fail("a lone surrogate \\U\(String(high, radix: 16, uppercase: true))", line, column) }
        return scalar
    }

    private func fail(_ message: String, _ line: Int, _ column: Int) -> CatalogReadError {
        CatalogReadError([CatalogProblem(file: file, line: line, column: column, message: message)])
    }
}

extension String {
    /// The text without white space at either end.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
