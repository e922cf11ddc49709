/// Reads the top-level and nested type declarations of Swift source (issue 14's subset) from
/// its tokens. Anything a struct body may hold that changes or hides what is coded — a
/// computed property, a method, an initializer, a property wrapper, a generic parameter — is
/// refused with its line, because guessing would check payloads against the wrong shape.
struct SwiftDeclarationParser {
    /// The tokens being read.
    let tokens: [SwiftToken]
    /// The next token to read.
    var index = 0
    /// How many declarations and type expressions enclose the one being read.
    var depth = 0
    /// The number the next struct or alias gets.
    private var nextID = 0

    /// A parser over `tokens`.
    init(tokens: [SwiftToken]) {
        self.tokens = tokens
    }

    /// Every top-level struct and enum of the source (imports and extensions are skipped).
    mutating func parseFile() throws(SwiftImportError) -> (
        structs: [SwiftStructSyntax], enums: [SwiftEnumSyntax]
    ) {
        var structs: [SwiftStructSyntax] = []
        var enums: [SwiftEnumSyntax] = []
        while let token = peek {
            if token.is("import") {
                index += 1
                skipQualifiedName()
            } else if token.is("extension") {
                // Extensions cannot add stored properties; they hold previews and helpers.
                try skipToBlock(from: token)
                try skipBalancedBlock()
            } else {
                try skipAttributesAndModifiers()
                guard let keyword = peek else { break }
                if keyword.is("struct") {
                    structs.append(try parseStruct())
                } else if keyword.is("enum") {
                    enums.append(try parseEnum())
                } else {
                    throw unsupported(keyword, "`\(keyword.text)` at the top level")
                }
            }
        }
        return (structs, enums)
    }

    // MARK: Declarations

    private mutating func parseStruct() throws(SwiftImportError) -> SwiftStructSyntax {
        let keyword = take()
        try enter(keyword)
        defer { depth -= 1 }
        let name = try identifier(after: keyword)
        try refuseGenerics(of: name)
        nextID += 1
        var result = SwiftStructSyntax(
            id: nextID, name: name.text, line: keyword.line, conformances: try inheritance())
        try expect("{", after: name)
        while let token = peek, !token.is("}") {
            try parseStructMember(into: &result)
        }
        try expect("}", after: keyword)
        return result
    }

    private mutating func parseStructMember(into result: inout SwiftStructSyntax) throws(SwiftImportError) {
        if let wrapper = peek, wrapper.is("@") {
            throw unsupported(wrapper, "an attribute or property wrapper inside `\(result.name)`")
        }
        try skipAttributesAndModifiers()
        guard let token = peek else { return }
        guard token.kind == .identifier else { throw syntax(token, "unexpected `\(token.text)`") }
        switch token.text {
        case "let", "var":
            result.properties.append(try parseProperty())
        case "struct":
            result.structs.append(try parseStruct())
        case "enum":
            result.enums.append(try parseEnum())
        case "typealias":
            index += 1
            let name = try identifier(after: token)
            try expect("=", after: name)
            nextID += 1
            result.aliases.append(
                SwiftAliasSyntax(id: nextID, name: name.text, type: try parseType(), line: token.line))
        case "static", "class":
            throw unsupported(token, "a `\(token.text)` member of `\(result.name)`; move it to an extension")
        case "func", "init", "subscript", "deinit":
            throw unsupported(token, "`\(token.text)` in `\(result.name)`; move it to an extension")
        default:
            throw unsupported(token, "`\(token.text)` in `\(result.name)`")
        }
    }

    private mutating func parseProperty() throws(SwiftImportError) -> SwiftPropertySyntax {
        let keyword = take()
        let name = try identifier(after: keyword)
        guard let colon = peek, colon.is(":") else {
            throw unsupported(
                name, "property `\(name.text)` without a written type; write `\(name.text): Type`")
        }
        index += 1
        let type = try parseType()
        var hasDefault = false
        if let next = peek, next.is("{") {
            throw unsupported(next, "computed property `\(name.text)` (a property with a body)")
        }
        if let next = peek, next.is("=") {
            hasDefault = true
            index += 1
            skipExpression(startingOn: next.line)
        }
        if let next = peek, next.is(",") {
            throw unsupported(next, "several properties in one declaration; declare one per line")
        }
        if let next = peek, next.is(";") { index += 1 }
        return SwiftPropertySyntax(
            name: name.text, type: type, isLet: keyword.is("let"), hasDefault: hasDefault, line: keyword.line)
    }

    private mutating func parseEnum() throws(SwiftImportError) -> SwiftEnumSyntax {
        let keyword = take()
        let name = try identifier(after: keyword)
        try refuseGenerics(of: name)
        var result = SwiftEnumSyntax(name: name.text, line: keyword.line, inherited: try inheritance())
        try expect("{", after: name)
        while let token = peek, !token.is("}") {
            guard token.is("case") else {
                throw unsupported(token, "`\(token.text)` in enum `\(name.text)` (only cases are supported)")
            }
            index += 1
            repeat {
                if let comma = peek, comma.is(",") { index += 1 }
                let caseName = try identifier(after: token)
                var raw: SwiftToken?
                if let next = peek, next.is("(") {
                    throw unsupported(next, "case `\(caseName.text)` with associated values")
                }
                if let next = peek, next.is("=") {
                    index += 1
                    raw = try rawValue(after: next)
                }
                result.cases.append(SwiftCaseSyntax(name: caseName.text, rawValue: raw, line: caseName.line))
            } while peek?.is(",") == true
            if let next = peek, next.is(";") { index += 1 }
        }
        try expect("}", after: keyword)
        return result
    }

    private mutating func rawValue(after equals: SwiftToken) throws(SwiftImportError) -> SwiftToken {
        var negative = false
        if let minus = peek, minus.is("-") {
            negative = true
            index += 1
        }
        guard let value = peek, value.kind == .string || value.kind == .number else {
            throw syntax(equals, "expected a string or integer raw value")
        }
        index += 1
        return negative ? SwiftToken(kind: .number, text: "-" + value.text, line: value.line) : value
    }

    // MARK: Types

    /// `T`, `T?`, `[T]`, `[K: V]`, `Name<A, B>`, `Module.Name`.
    mutating func parseType() throws(SwiftImportError) -> SwiftTypeSyntax {
        guard let token = peek else {
            throw SwiftImportError(code: .swiftSyntax, message: "expected a type", line: nil)
        }
        try enter(token)
        defer { depth -= 1 }
        var type: SwiftTypeSyntax
        if token.is("[") {
            index += 1
            let first = try parseType()
            if let colon = peek, colon.is(":") {
                index += 1
                type = .dictionary(key: first, value: try parseType())
            } else {
                type = .array(first)
            }
            try expect("]", after: token)
        } else if token.kind == .identifier {
            index += 1
            var name = token.text
            while let dot = peek, dot.is("."), index + 1 < tokens.count, tokens[index + 1].kind == .identifier
            {
                name = tokens[index + 1].text
                index += 2
            }
            var arguments: [SwiftTypeSyntax] = []
            if let open = peek, open.is("<") {
                index += 1
                repeat {
                    if let comma = peek, comma.is(",") { index += 1 }
                    arguments.append(try parseType())
                } while peek?.is(",") == true
                try expect(">", after: open)
            }
            type = .named(name, arguments: arguments, line: token.line)
        } else {
            throw unsupported(
                token, "the type `\(token.text)…` (tuples, closures and `some`/`any` are not coded)")
        }
        var optionalMarks = 0
        while let mark = peek, mark.is("?") || mark.is("!") {
            if mark.is("!") { throw unsupported(mark, "an implicitly unwrapped optional (`!`)") }
            // Each `?` is one more level of the type: `Int???…` is as deep as `[[[Int]]]`.
            try enter(mark)
            index += 1
            optionalMarks += 1
            type = .optional(type)
        }
        if let arrow = peek, arrow.is("->") { throw unsupported(arrow, "a function type") }
        depth -= optionalMarks
        return type
    }
}
