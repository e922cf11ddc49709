/// Splits Swift source into `SwiftToken`s, dropping whitespace and comments (nested block
/// comments included). Hand-written for the importer's subset: no outside package, and every
/// fault (an unclosed string or comment, a multi-line or interpolated string) is an error with
/// its line rather than a guess.
struct SwiftTokenizer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

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

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private var following: Unicode.Scalar? { index + 1 < scalars.count ? scalars[index + 1] : nil }

    private mutating func advance() {
        if current == "\n" { line += 1 }
        index += 1
    }

    /// The next token, or nil at the end.
    mutating func next() throws(SwiftTokenError) -> SwiftToken? {
        try skipTrivia()
        guard let scalar = current else { return nil }
        let start = line
        if scalar == "\"" {
            return SwiftToken(kind: .string, text: try stringLiteral(), line: start)
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
            var text = ""
            while let inner = current, Self.isIdentifierStart(inner) || ("0"..."9").contains(inner) {
                text.unicodeScalars.append(inner)
                advance()
            }
            return SwiftToken(kind: .identifier, text: text, line: start)
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

    private mutating func skipTrivia() throws(SwiftTokenError) {
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

    private mutating func stringLiteral() throws(SwiftTokenError) -> String {
        let start = line
        if following == "\"", index + 2 < scalars.count, scalars[index + 2] == "\"" {
            throw SwiftTokenError(
                message: "multi-line string literals are outside the supported subset", line: start)
        }
        advance()
        var text = ""
        while let scalar = current, scalar != "\"" {
            if scalar == "\n" { break }
            if scalar == "\\" {
                advance()
                switch current {
                case "n": text += "\n"
                case "t": text += "\t"
                case "\"": text += "\""
                case "'": text += "'"
                case "\\": text += "\\"
                case "0": text += "\0"
                default:
                    throw SwiftTokenError(
                        message: "string interpolation and \\u{…} escapes are outside the supported subset",
                        line: line)
                }
                advance()
                continue
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
        guard current == "\"" else { throw SwiftTokenError(message: "unclosed string literal", line: start) }
        advance()
        return text
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }
}
