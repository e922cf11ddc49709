/// The type of a stored property written without one (`var id = UUID()`), told from its
/// initial value where that is certain: a literal, a type's initializer call (`UUID()`,
/// `Date()`, `[String]()`), `Date.now`. Anything else (a function call, a static member, a
/// property of a value) answers nil, and the importer asks for the type to be written.
enum SwiftTypeInference {
    /// The type of the expression starting at `index`, or nil when it is not certain.
    static func type(of tokens: [SwiftToken], at index: Int) -> SwiftTypeSyntax? {
        guard index < tokens.count else { return nil }
        let first = tokens[index]
        let line = first.line
        var position = index
        var negative = false
        if first.is("-") {
            negative = true
            position += 1
        }
        guard position < tokens.count else { return nil }
        let token = tokens[position]
        let next = position + 1 < tokens.count ? tokens[position + 1] : nil
        // A member after the value (`"a".count`, `1.0.rounded()`) changes its type.
        let ends = next.map { !$0.is(".") || $0.line != token.endLine } ?? true
        switch token.kind {
        case .string where !negative:
            return ends ? .named("String", arguments: [], line: line) : nil
        case .number:
            guard ends else { return nil }
            let text = token.text.lowercased()
            let floating = !text.hasPrefix("0x") && (text.contains(".") || text.contains("e"))
            return .named(floating ? "Double" : "Int", arguments: [], line: line)
        case .identifier where !negative:
            if token.is("true") || token.is("false") {
                return ends ? .named("Bool", arguments: [], line: line) : nil
            }
            return initializer(tokens, at: position)
        case .punctuation where token.is("[") && !negative:
            return collectionInitializer(tokens, at: position)
        default:
            return nil
        }
    }

    /// `Name(…)`, `Name.init(…)`, `Date.now`: the named type; `URL(string:)` is failable.
    private static func initializer(_ tokens: [SwiftToken], at index: Int) -> SwiftTypeSyntax? {
        let name = tokens[index]
        guard let initial = name.text.unicodeScalars.first, ("A"..."Z").contains(initial) else { return nil }
        var position = index + 1
        if name.is("Date"), position + 1 < tokens.count, tokens[position].is("."),
            ["now", "distantPast", "distantFuture"].contains(tokens[position + 1].text)
        {
            return after(tokens, position + 2) ? .named("Date", arguments: [], line: name.line) : nil
        }
        if position + 1 < tokens.count, tokens[position].is("."), tokens[position + 1].is("init") {
            position += 2
        }
        guard position < tokens.count, tokens[position].is("(") else { return nil }
        let failable = name.is("URL") && position + 1 < tokens.count && tokens[position + 1].is("string")
        guard let end = closing(tokens, from: position), after(tokens, end) else { return nil }
        let type = SwiftTypeSyntax.named(name.text, arguments: [], line: name.line)
        return failable ? .optional(type) : type
    }

    /// `[T]()` and `[K: V]()`.
    private static func collectionInitializer(_ tokens: [SwiftToken], at index: Int) -> SwiftTypeSyntax? {
        var parser = SwiftDeclarationParser(tokens: tokens)
        parser.index = index
        guard let type = try? parser.parseType(), parser.index < tokens.count, tokens[parser.index].is("("),
            parser.index + 1 < tokens.count, tokens[parser.index + 1].is(")"), after(tokens, parser.index + 2)
        else { return nil }
        return type
    }

    /// The index after the `)` matching the `(` at `index`.
    private static func closing(_ tokens: [SwiftToken], from index: Int) -> Int? {
        var depth = 0
        var position = index
        while position < tokens.count {
            if tokens[position].is("(") { depth += 1 }
            if tokens[position].is(")") {
                depth -= 1
                if depth == 0 { return position + 1 }
            }
            position += 1
        }
        return nil
    }

    /// True when nothing at `index` continues the value (no `.member`, `?`, `!` or operator
    /// on its line).
    private static func after(_ tokens: [SwiftToken], _ index: Int) -> Bool {
        guard index < tokens.count else { return true }
        let next = tokens[index]
        guard next.line == tokens[index - 1].endLine else { return !next.is(".") }
        return next.kind != .punctuation || next.is(";") || next.is("}") || next.is("{")
    }
}
