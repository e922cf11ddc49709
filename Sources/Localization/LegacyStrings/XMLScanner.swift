/// The small XML scanner property lists need, counting lines and columns for its problems.
struct XMLScanner {
    /// An opening tag (`<dict>`, or `<true/>` when `isEmpty`), with where it starts.
    struct Tag {
        var name: String
        var isEmpty: Bool
        var line: Int
        var column: Int
    }

    private var cursor: TextCursor
    private let file: String?

    init(_ text: String, file: String?) {
        self.cursor = TextCursor(text)
        self.file = file
    }

    private var current: Unicode.Scalar? { cursor.current }
    private var line: Int { cursor.line }
    private var column: Int { cursor.column }

    private func starts(with text: String) -> Bool { cursor.starts(with: text) }

    private mutating func advance(_ count: Int = 1) { cursor.advance(count) }

    private mutating func skip(past end: String) throws(CatalogReadError) {
        while current != nil, !starts(with: end) { advance() }
        guard current != nil else { throw fail("\(end) never comes") }
        advance(end.unicodeScalars.count)
    }

    /// Skips white space and comments.
    private mutating func skipSpace() throws(CatalogReadError) {
        while let scalar = current {
            if scalar.properties.isWhitespace {
                advance()
            } else if starts(with: "<!--") {
                try skip(past: "-->")
            } else {
                return
            }
        }
    }

    /// Skips a byte order mark, the XML declaration, comments and the DOCTYPE.
    mutating func skipProlog() throws(CatalogReadError) {
        if current == "\u{FEFF}" { advance() }
        while true {
            try skipSpace()
            if starts(with: "<?") || starts(with: "<!DOCTYPE") {
                try skip(past: ">")
            } else {
                return
            }
        }
    }

    /// The next opening tag, attributes skipped.
    mutating func openTag() throws(CatalogReadError) -> Tag {
        try skipSpace()
        let (startLine, startColumn) = (line, column)
        guard current == "<", !starts(with: "</") else {
            throw fail(current == nil ? "the file ends inside the property list" : "expected an element")
        }
        advance()
        var name = ""
        while let scalar = current, scalar.properties.isAlphabetic {
            name.unicodeScalars.append(scalar)
            advance()
        }
        while let scalar = current, scalar != ">" { advance() }
        guard current == ">" else { throw fail("a tag is never closed") }
        let isEmpty = cursor.previous == "/"
        advance()
        return Tag(name: name, isEmpty: isEmpty, line: startLine, column: startColumn)
    }

    /// True (and the tag taken) when `</name>` is next.
    mutating func atClose(_ name: String) throws(CatalogReadError) -> Bool {
        try skipSpace()
        guard starts(with: "</\(name)>") else {
            if current == nil || starts(with: "</") { throw fail("expected </\(name)>") }
            return false
        }
        advance(name.unicodeScalars.count + 3)
        return true
    }

    /// Takes `</name>` or fails.
    mutating func closeTag(_ name: String) throws(CatalogReadError) {
        guard try atClose(name) else { throw fail("expected </\(name)>") }
    }

    /// The character data up to `</name>` with entities decoded, the closing tag taken.
    mutating func text(until name: String) throws(CatalogReadError) -> String {
        var text = ""
        while let scalar = current, scalar != "<" {
            if scalar == "&" {
                text.unicodeScalars.append(try entity())
            } else {
                text.unicodeScalars.append(scalar)
                advance()
            }
        }
        guard starts(with: "</\(name)>") else { throw fail("expected </\(name)>") }
        advance(name.unicodeScalars.count + 3)
        return text
    }

    private mutating func entity() throws(CatalogReadError) -> Unicode.Scalar {
        let (startLine, startColumn) = (line, column)
        var name = ""
        advance()
        while let scalar = current, scalar != ";", name.count < 10 {
            name.unicodeScalars.append(scalar)
            advance()
        }
        guard current == ";" else { throw fail("an entity &\(name) without ;", startLine, startColumn) }
        advance()
        let named: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let scalar = named[name] { return scalar }
        let number: UInt32? =
            name.hasPrefix("#x")
            ? UInt32(name.dropFirst(2), radix: 16)
            : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        guard let number, let scalar = Unicode.Scalar(number) else {
            throw fail("&\(name); is not an XML entity", startLine, startColumn)
        }
        return scalar
    }

    /// A problem at the scanner's place (or at `line`, `column`).
    func fail(_ message: String, _ line: Int? = nil, _ column: Int? = nil) -> CatalogReadError {
        CatalogReadError([
            CatalogProblem(
                file: file, line: line ?? self.line, column: column ?? self.column, message: message)
        ])
    }
}
