/// One token inside a `{{ … }}` or `{% … %}` tag.
enum TagToken: Sendable, Hashable {
    /// A literal argument.
    enum Literal: Sendable, Hashable {
        case text(String)
        case integer(Int)
    }

    /// A name: a variable (`order.id`), a filter, or a tag keyword.
    case name(String)
    /// A quoted string or a whole number.
    case literal(Literal)
    /// `|`, `:`, `,`, `==`.
    case pipe, colon, comma, equals
}

/// Reads the tokens of one tag, from just after its opening `{{`/`{%` up to its closing
/// `}}`/`%}` (a closing pair inside a quoted string does not close the tag).
struct TagTokenizer {
    /// The string's scalars.
    let scalars: [Unicode.Scalar]
    /// Where the scan is.
    var position: Int

    /// The tokens up to `closer` (`}` or `%` followed by `}`), each with its scalar offset, and
    /// the offset after the closer; or the offset and reason of the first fault.
    mutating func tokens(closingWith closer: Unicode.Scalar) -> Result<
        (tokens: [(TagToken, Int)], end: Int), TagFault
    > {
        var tokens: [(TagToken, Int)] = []
        while position < scalars.count {
            let start = position
            let scalar = scalars[position]
            if scalar == closer, position + 1 < scalars.count, scalars[position + 1] == "}" {
                return .success((tokens, position + 2))
            }
            switch scalar {
            case " ", "\t", "\n", "\r": position += 1
            case "|":
                tokens.append((.pipe, start))
                position += 1
            case ":":
                tokens.append((.colon, start))
                position += 1
            case ",":
                tokens.append((.comma, start))
                position += 1
            case "=":
                guard position + 1 < scalars.count, scalars[position + 1] == "=" else {
                    return .failure(TagFault(offset: start, message: "\"=\" where \"==\" was expected"))
                }
                tokens.append((.equals, start))
                position += 2
            case "\"", "'":
                guard let text = quoted(by: scalar) else {
                    return .failure(TagFault(offset: start, message: "a quoted text is not closed"))
                }
                tokens.append((.literal(.text(text)), start))
            case "0"..."9":
                var value = 0
                while position < scalars.count, let digit = scalars[position].properties.numericType,
                    digit == .decimal, scalars[position].isASCII
                {
                    value = min(value * 10 + Int(scalars[position].value - 48), 1_000_000)
                    position += 1
                }
                tokens.append((.literal(.integer(value)), start))
            default:
                guard Self.startsName(scalar) else {
                    return .failure(
                        TagFault(offset: start, message: "unexpected \"\(String(scalar))\" inside the tag"))
                }
                while position < scalars.count, Self.continuesName(scalars[position]) { position += 1 }
                tokens.append((.name(String(String.UnicodeScalarView(scalars[start..<position]))), start))
            }
        }
        return .failure(TagFault(offset: scalars.count, message: "the tag is not closed"))
    }

    /// The quoted text from `position` (at its opening quote), moving past the closing quote.
    private mutating func quoted(by quote: Unicode.Scalar) -> String? {
        guard let end = scalars[(position + 1)...].firstIndex(of: quote) else { return nil }
        let text = String(String.UnicodeScalarView(scalars[(position + 1)..<end]))
        position = end + 1
        return text
    }

    static func startsName(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || scalar == "_")
    }

    static func continuesName(_ scalar: Unicode.Scalar) -> Bool {
        startsName(scalar) || scalar == "." || (scalar.isASCII && scalar.properties.numericType != nil)
            || scalar == "-"
    }
}

/// Why a tag could not be read, at a scalar offset of the string.
struct TagFault: Error {
    var offset: Int
    var message: String
}
