/// Token-level reading for `SwiftDeclarationParser`: expectations, skipping, and the errors
/// that name a line.
extension SwiftDeclarationParser {
    /// The next token, or nil at the end.
    var peek: SwiftToken? { index < tokens.count ? tokens[index] : nil }

    /// Reads the next token (the caller has peeked that there is one).
    mutating func take() -> SwiftToken {
        defer { index += 1 }
        return tokens[index]
    }

    /// Reads a name, or fails naming what `token` needed.
    mutating func identifier(after token: SwiftToken) throws(SwiftImportError) -> SwiftToken {
        guard let next = peek, next.kind == .identifier else {
            throw syntax(token, "expected a name after `\(token.text)`")
        }
        index += 1
        return next
    }

    /// Reads exactly `text`, or fails naming what was found instead.
    mutating func expect(_ text: String, after token: SwiftToken) throws(SwiftImportError) {
        guard let next = peek, next.is(text) else {
            throw syntax(
                peek ?? token,
                "expected `\(text)`" + (peek.map { ", found `\($0.text)`" } ?? " before the end"))
        }
        index += 1
    }

    /// The names after `:` in a type declaration (raw type and protocols).
    mutating func inheritance() throws(SwiftImportError) -> [String] {
        guard let colon = peek, colon.is(":") else { return [] }
        index += 1
        var names: [String] = []
        repeat {
            if let comma = peek, comma.is(",") { index += 1 }
            guard case .named(let name, _, _) = try parseType() else { continue }
            names.append(name)
        } while peek?.is(",") == true
        if let clause = peek, clause.is("where") { throw unsupported(clause, "a `where` clause") }
        return names
    }

    /// Fails on a generic parameter list: ActivityKit decodes one concrete type.
    mutating func refuseGenerics(of name: SwiftToken) throws(SwiftImportError) {
        if let open = peek, open.is("<") {
            throw unsupported(open, "generic type `\(name.text)<…>`; ActivityKit decodes one concrete type")
        }
    }

    /// Goes one level deeper at `token` (a declaration, a type or a `?`), or fails past
    /// `ActivityTypeLimits.maximumDepth`: checked before recursing, so the parser never recurses
    /// deeper than the cap however deep the text nests. The caller goes back up (`depth -= 1`).
    mutating func enter(_ token: SwiftToken) throws(SwiftImportError) {
        guard depth < ActivityTypeLimits.maximumDepth else {
            throw SwiftImportError(
                code: .tooDeep,
                message:
                    "line \(token.line): declarations and types nest deeper than "
                    + "\(ActivityTypeLimits.maximumDepth) levels",
                line: token.line)
        }
        depth += 1
    }

    /// Skips `@attributes(…)` and access or declaration modifiers before a declaration.
    mutating func skipAttributesAndModifiers() throws(SwiftImportError) {
        let modifiers: Set<String> = [
            "public", "internal", "private", "fileprivate", "package", "open", "final", "nonisolated",
            "indirect",
        ]
        while let token = peek {
            if token.is("@") {
                index += 1
                _ = try identifier(after: token)
                if let open = peek, open.is("(") { try skipBalanced(open: "(", close: ")") }
            } else if token.kind == .identifier, modifiers.contains(token.text) {
                index += 1
                if let open = peek, open.is("(") { try skipBalanced(open: "(", close: ")") }
            } else {
                return
            }
        }
    }

    /// Skips `Name` or `Module.Name` (one import's operand).
    mutating func skipQualifiedName() {
        guard let first = peek, first.kind == .identifier else { return }
        index += 1
        while let dot = peek, dot.is("."), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
            index += 2
        }
    }

    /// Skips to the `{` that opens `token`'s body.
    mutating func skipToBlock(from token: SwiftToken) throws(SwiftImportError) {
        while let next = peek, !next.is("{") { index += 1 }
        guard peek != nil else { throw syntax(token, "`\(token.text)` without a body") }
    }

    /// Skips a `{ … }` block, nested blocks included.
    mutating func skipBalancedBlock() throws(SwiftImportError) {
        try skipBalanced(open: "{", close: "}")
    }

    /// Skips from `open` to its matching `close`, or fails when it is never closed.
    mutating func skipBalanced(open: String, close: String) throws(SwiftImportError) {
        let start = take()
        var depth = 1
        while depth > 0 {
            guard let token = peek else { throw syntax(start, "`\(open)` is never closed") }
            if token.is(open) { depth += 1 } else if token.is(close) { depth -= 1 }
            index += 1
        }
    }

    /// Skips a default value: the rest of its line, and everything inside brackets it opens.
    mutating func skipExpression(startingOn line: Int) {
        var depth = 0
        while let token = peek {
            if depth == 0 && (token.line != line || token.is(";") || token.is("}")) { return }
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            index += 1
        }
    }

    /// An error for a construct outside the subset, naming its line.
    func unsupported(_ token: SwiftToken, _ what: String) -> SwiftImportError {
        SwiftImportError(
            code: .swiftUnsupported,
            message:
                "line \(token.line): \(what) is outside the supported subset (stored let/var properties, "
                + "nested structs, String or Int raw-value enums, CodingKeys)",
            line: token.line)
    }

    /// An error for text that is not the Swift the importer reads, naming its line.
    func syntax(_ token: SwiftToken, _ what: String) -> SwiftImportError {
        SwiftImportError(code: .swiftSyntax, message: "line \(token.line): \(what)", line: token.line)
    }
}
