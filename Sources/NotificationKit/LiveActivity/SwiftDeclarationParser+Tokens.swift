/// Token-level reading for `SwiftDeclarationParser`: expectations, skipping, and the errors
/// that name a line.
extension SwiftDeclarationParser {
    /// Keywords that start a declaration the parser skips whole.
    static let declarationKeywords: Set<String> = [
        "import", "func", "init", "deinit", "subscript", "class", "protocol", "actor", "extension", "let",
        "var",
        "operator", "precedencegroup", "macro", "associatedtype", "case", "struct", "enum", "typealias",
    ]
    /// Attributes that change nothing a decoder sees; any other attribute on a stored property
    /// is a property wrapper or macro.
    static let declarationAttributes: Set<String> = [
        "available", "MainActor", "objc", "nonobjc", "usableFromInline", "inlinable", "preconcurrency",
        "frozen", "_spi", "backDeployed", "unknown", "exclusivity", "_disfavoredOverload",
    ]
    /// Declaration modifiers skipped before a keyword.
    static let modifiers: Set<String> = [
        "public", "internal", "private", "fileprivate", "package", "open", "final", "nonisolated", "indirect",
        "static", "mutating", "nonmutating", "override", "required", "convenience", "lazy", "weak", "unowned",
        "dynamic", "optional", "prefix", "postfix", "infix", "consuming", "borrowing", "distributed",
        "isolated",
    ]

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

    /// The names after `:` in a type declaration (raw type and protocols, `A & B` included);
    /// a `where` clause is passed over.
    mutating func inheritance() throws(SwiftImportError) -> [String] {
        guard let colon = peek, colon.is(":") else { return [] }
        index += 1
        var names: [String] = []
        while let token = peek, !token.is("{"), !token.is("where") {
            if token.is(",") || token.is("&") {
                index += 1
                continue
            }
            if token.is("@") {
                index += 1
                _ = try identifier(after: token)
                continue
            }
            if case .named(let name, _, _) = try parseType() { names.append(name) }
        }
        return names
    }

    /// Goes one level deeper at `token` (a declaration, a type or a `?`), or fails past
    /// `ActivityTypeLimits.maximumDepth`: checked before recursing, so the parser never recurses
    /// deeper than the cap however deep the text nests. The caller goes back up (`depth -= 1`).
    mutating func enter(_ token: SwiftToken) throws(SwiftImportError) {
        guard depth < ActivityTypeLimits.maximumDepth else {
            throw SwiftImportError(
                code: .tooDeep,
                message:
                    "\(SwiftImportError.place(token.line, file: file)): declarations and types nest deeper than "
                    + "\(ActivityTypeLimits.maximumDepth) levels",
                line: token.line, file: file)
        }
        depth += 1
    }

    /// Skips `@attributes(…)` and modifiers before a declaration; returns the attribute names.
    @discardableResult
    mutating func skipAttributesAndModifiers() throws(SwiftImportError) -> [SwiftToken] {
        var attributes: [SwiftToken] = []
        while let token = peek {
            if token.is("@") {
                index += 1
                attributes.append(try identifier(after: token))
                while let dot = peek, dot.is("."), index + 1 < tokens.count,
                    tokens[index + 1].kind == .identifier
                {
                    index += 2
                }
                if let open = peek, open.is("("), open.line == token.line {
                    try skipBalanced(open: "(", close: ")")
                }
            } else if token.kind == .identifier,
                Self.modifiers.contains(token.text)
                    || (token.text == "class" && index + 1 < tokens.count
                        && ["var", "let", "func", "subscript"].contains(tokens[index + 1].text))
            {
                index += 1
                if let open = peek, open.is("("), open.line == token.line {
                    try skipBalanced(open: "(", close: ")")
                }
            } else {
                return attributes
            }
        }
        return attributes
    }

    /// Skips `#Preview(…) { … } label: { … }` and other freestanding macros.
    mutating func skipMacroExpansion() throws(SwiftImportError) {
        let macro = take()
        if let open = peek, open.is("<") { try skipBalanced(open: "<", close: ">") }
        if let open = peek, open.is("("), open.line == macro.line { try skipBalanced(open: "(", close: ")") }
        while let next = peek {
            if next.is("{") {
                try skipBalancedBlock()
            } else if next.kind == .identifier, index + 2 < tokens.count, tokens[index + 1].is(":"),
                tokens[index + 2].is("{")
            {
                index += 2
            } else {
                return
            }
        }
    }

    /// Skips one declaration from its keyword to its end: through the body of a type or a
    /// function; for a property, alias or import, through its value and accessors, to the line
    /// break that does not continue it.
    mutating func skipDeclaration() throws(SwiftImportError) {
        guard let keyword = peek else { return }
        if keyword.kind == .identifier, keyword.text.hasPrefix("#") {
            try skipMacroExpansion()
            return
        }
        index += 1
        let endsWithBody = [
            "func", "init", "deinit", "subscript", "class", "struct", "enum", "protocol", "extension",
            "actor",
        ].contains(keyword.text)
        guard endsWithBody else {
            try skipDeclarationRest(after: keyword)
            return
        }
        var depth = 0
        while let token = peek {
            if depth == 0 && token.is("{") {
                try skipBalancedBlock()
                return
            }
            // A requirement without a body (in a protocol) ends at a line that starts another.
            if depth == 0,
                token.is("}") || (token.line > tokens[index - 1].endLine && startsDeclaration(token))
            {
                return
            }
            if token.is("(") || token.is("[") { depth += 1 }
            if token.is(")") || token.is("]") { depth -= 1 }
            index += 1
        }
    }

    /// Skips the rest of a property, alias or statement after `last`: its brackets whole, and
    /// the next lines while they continue it (a leading `.` or operator, a trailing operator).
    mutating func skipDeclarationRest(after last: SwiftToken) throws(SwiftImportError) {
        var previous = last
        var depth = 0
        while let token = peek {
            if depth == 0 {
                if token.is("}") { return }
                if token.is(";") {
                    index += 1
                    return
                }
                if token.line > previous.endLine, !continues(after: previous, with: token) { return }
                if token.is("{") {
                    try skipBalancedBlock()
                    previous = tokens[index - 1]
                    continue
                }
            }
            if token.is("(") || token.is("[") { depth += 1 }
            if token.is(")") || token.is("]") { depth -= 1 }
            previous = token
            index += 1
        }
    }

    /// Whether `next`, on a later line than `previous`, continues the same expression.
    private func continues(after previous: SwiftToken, with next: SwiftToken) -> Bool {
        if startsDeclaration(next) { return false }
        if next.is("{") || next.is(".") { return true }
        let operators: Set<String> = [
            "=", ".", ",", "+", "-", "*", "/", "&", "|", "?", ":", "<", ">", "%", "^", "~",
        ]
        if previous.kind == .punctuation,
            operators.contains(previous.text) || previous.is("(") || previous.is("[")
        {
            return true
        }
        return next.kind == .punctuation && operators.contains(next.text) && !next.is("-")
    }

    /// Whether `token` begins a declaration (a keyword, an attribute or a directive).
    func startsDeclaration(_ token: SwiftToken) -> Bool {
        token.is("@")
            || token.kind == .identifier
                && (Self.declarationKeywords.contains(token.text) || Self.modifiers.contains(token.text)
                    || token.text.hasPrefix("#"))
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

    /// An error for a construct outside the subset, naming its line.
    func unsupported(_ token: SwiftToken, _ what: String) -> SwiftImportError {
        SwiftImportError(
            code: .swiftUnsupported,
            message:
                "\(SwiftImportError.place(token.line, file: file)): \(what) is outside the supported subset "
                + "(stored properties, nested types, enums, CodingKeys)",
            line: token.line, file: file)
    }

    /// An error for text that is not the Swift the importer reads, naming its line.
    func syntax(_ token: SwiftToken, _ what: String) -> SwiftImportError {
        SwiftImportError(
            code: .swiftSyntax, message: "\(SwiftImportError.place(token.line, file: file)): \(what)",
            line: token.line, file: file)
    }
}
