/// Splits Swift source into `SwiftToken`s, dropping whitespace and comments (nested block
/// comments included). Hand-written for the importer: no outside package. It reads every
/// string form real files hold — escapes with `\u{…}`, interpolation `\(…)` (nested strings
/// included), multi-line `"""` and raw `#"…"#` strings — so the SwiftUI views and widgets around
/// an app's activity types lex as Swift does; an unclosed string or comment is an error with
/// its line rather than a guess.
struct SwiftTokenizer {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1

    /// A tokenizer over `source`.
    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// Every token of the source, or the first lexical fault.
    static func tokens(of source: String) throws(SwiftTokenError) -> [SwiftToken] {
        var tokenizer = SwiftTokenizer(source)
        var tokens: [SwiftToken] = []
        while let token = try tokenizer.next() {
            tokens.append(token)
        }
        return tokens
    }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    var following: Unicode.Scalar? { index + 1 < scalars.count ? scalars[index + 1] : nil }

    /// The scalar `offset` places ahead, if any.
    func scalar(at offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func advance() {
        if current == "\n" { line += 1 }
        index += 1
    }

    /// The next token, or nil at the end.
    mutating func next() throws(SwiftTokenError) -> SwiftToken? {
        try skipTrivia()
        guard let scalar = current else { return nil }
        let start = line
        if scalar == "\"" || (scalar == "#" && rawStringHashes() != nil) {
            let text = try stringLiteral()
            return SwiftToken(kind: .string, text: text, line: start, endLine: line)
        }
        if scalar == "#", following == "/" {
            try skipExtendedRegex()
            return SwiftToken(kind: .punctuation, text: "#/", line: start, endLine: line)
        }
        if scalar == "#", let after = following, Self.isIdentifierStart(after) {
            advance()
            return SwiftToken(kind: .identifier, text: "#" + identifierText(), line: start)
        }
        if scalar == "`" {
            advance()
            var text = ""
            while let inner = current, inner != "`", inner != "\n" {
                text.unicodeScalars.append(inner)
                advance()
            }
            guard current == "`" else { throw SwiftTokenError(message: "unclosed `identifier`", line: start) }
            advance()
            return SwiftToken(kind: .identifier, text: text, line: start)
        }
        if Self.isIdentifierStart(scalar) {
            return SwiftToken(kind: .identifier, text: identifierText(), line: start)
        }
        if ("0"..."9").contains(scalar) {
            var text = ""
            while let inner = current,
                Self.isIdentifierStart(inner) || ("0"..."9").contains(inner)
                    || inner == "."
                        && following.map({ ("0"..."9").contains($0) }) == true
            {
                text.unicodeScalars.append(inner)
                advance()
            }
            return SwiftToken(kind: .number, text: text, line: start)
        }
        advance()
        // `->` stays one token so a function type is recognised as one (and refused).
        if scalar == "-", current == ">" {
            advance()
            return SwiftToken(kind: .punctuation, text: "->", line: start)
        }
        return SwiftToken(kind: .punctuation, text: String(scalar), line: start)
    }

    private mutating func identifierText() -> String {
        var text = ""
        while let inner = current, Self.isIdentifierStart(inner) || ("0"..."9").contains(inner) {
            text.unicodeScalars.append(inner)
            advance()
        }
        return text
    }

    mutating func skipTrivia() throws(SwiftTokenError) {
        while let scalar = current {
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", following == "/" {
                while let inner = current, inner != "\n" { advance() }
            } else if scalar == "/", following == "*" {
                let start = line
                var depth = 0
                repeat {
                    if current == "/", following == "*" {
                        depth += 1
                        advance()
                    } else if current == "*", following == "/" {
                        depth -= 1
                        advance()
                    }
                    advance()
                } while depth > 0 && current != nil
                if depth > 0 { throw SwiftTokenError(message: "unclosed /* comment", line: start) }
            } else {
                return
            }
        }
    }

    /// `#/…/#`: an extended regex literal, skipped whole (its text may hold quotes).
    private mutating func skipExtendedRegex() throws(SwiftTokenError) {
        let start = line
        advance()
        advance()
        while let scalar = current {
            if scalar == "\\" {
                advance()
            } else if scalar == "/", following == "#" {
                advance()
                advance()
                return
            }
            advance()
        }
        throw SwiftTokenError(message: "unclosed #/ regex literal", line: start)
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }
}
