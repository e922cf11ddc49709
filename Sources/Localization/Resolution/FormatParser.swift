/// Cuts a format string into tokens the way `String(format:)` reads it: `%%`, `%@`, `%d`/`%i`/
/// `%lld`/`%u`, `%f`, positional `%1$@`, `%#@name@` substitutions and `%arg`.
///
/// `%1@` is reported as malformed although printf would read a width of 1: in a catalog it is
/// always `%1$@` with the `$` forgotten, and the argument order it meant is lost.
public enum FormatParser {
    private static let flags: Set<Character> = ["-", "+", " ", "#", "0", "'"]
    private static let lengths = ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"]
    private static let conversions = Set("@dDiuUoOxXfFeEgGaAcCsSp")

    /// The tokens of `format`; `allowsArgument` reads `%arg` (inside a substitution's variation).
    public static func tokens(_ format: String, allowsArgument: Bool = false) -> [FormatToken] {
        var tokens: [FormatToken] = []
        var literal = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            literal += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                literal += "%"
                rest = rest.dropFirst()
                continue
            }
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
            if allowsArgument, rest.hasPrefix("arg") {
                tokens.append(.substitutionArgument)
                rest = rest.dropFirst(3)
                continue
            }
            let (token, remainder) = specifier(rest)
            tokens.append(token)
            rest = remainder
        }
        literal += rest
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return tokens
    }

    /// The specifiers of `format` that read arguments, in order.
    public static func specifiers(_ format: String) -> [FormatSpecifier] {
        tokens(format).compactMap { if case .specifier(let specifier) = $0 { specifier } else { nil } }
    }

    /// Reads one specifier from just after its `%`.
    private static func specifier(_ text: Substring) -> (FormatToken, Substring) {
        var rest = text
        var position: Int?
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
            position = Int(digits)
            rest = rest.dropFirst(digits.count + 1)
        }
        if rest.hasPrefix("#@"), let end = rest.dropFirst(2).firstIndex(of: "@") {
            let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end])
            let after = rest[rest.index(after: end)...]
            let written = "%" + text[..<after.startIndex]
            return (.substitution(name: name, position: position, text: String(written)), after)
        }
        let optionsStart = rest.startIndex
        rest = rest.drop { flags.contains($0) }
        let width = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(width.count)
        if rest.first == "." {
            rest = rest.dropFirst().drop { $0.isASCII && $0.isNumber }
        }
        let options = String(text[optionsStart..<rest.startIndex])
        let length = lengths.first { rest.hasPrefix($0) } ?? ""
        rest = rest.dropFirst(length.count)
        guard let conversion = rest.first, conversions.contains(conversion) else {
            let shown =
                "%" + text[..<(rest.first.map { _ in rest.index(after: rest.startIndex) } ?? rest.endIndex)]
            let reason =
                rest.first == "*"
                ? "a * width reads a number argument, which a push cannot supply"
                : "\(shown) is not a format specifier; write %% for a percent sign"
            return (.malformed(text: String(shown), reason: reason), rest.isEmpty ? rest : rest.dropFirst())
        }
        rest = rest.dropFirst()
        let written = "%" + String(text[..<rest.startIndex])
        if conversion == "@", position == nil, !width.isEmpty, options == String(width) {
            let reason = "\(written) reads as a width of \(width), not argument \(width): write %\(width)$@"
            return (.malformed(text: written, reason: reason), rest)
        }
        let specifier = FormatSpecifier(
            position: position, options: options, length: length, conversion: conversion, text: written)
        return (.specifier(specifier), rest)
    }
}
