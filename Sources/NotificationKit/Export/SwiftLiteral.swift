/// Swift source spelling of values the code export writes.
enum SwiftLiteral {
    /// `text` as a Swift string literal: `"` and `\` escaped (so `\(` can never start an
    /// interpolation), common controls as `\n` `\r` `\t` `\0`, and every other control, format
    /// (bidi overrides, zero-width characters) and line/paragraph separator as `\u{…}`, so the
    /// literal is one line and reads as what it contains.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
                    .surrogate:
                    literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default:
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// A lowerCamelCase ASCII identifier made from `words` (anything but ASCII letters and
    /// digits separates words); never empty, never starting with a digit.
    static func identifier(_ words: [String]) -> String {
        var parts: [String] = []
        for word in words {
            var current = ""
            for scalar in word.unicodeScalars {
                if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    parts.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { parts.append(current) }
        }
        var name = ""
        for part in parts {
            if name.isEmpty {
                name = part.prefix(1).lowercased() + part.dropFirst()
            } else {
                name += part.prefix(1).uppercased() + part.dropFirst()
            }
        }
        if name.isEmpty || name.first?.isNumber == true { name = "item" + name }
        return name
    }
}
