/// Enums and type expressions for `SwiftDeclarationParser`.
extension SwiftDeclarationParser {
    /// `enum Name[: Raw, Protocols] { case a, b = "x"; case c(Int, label: String) … }`; members
    /// other than cases are skipped, and a custom `init(from:)` or `CodingKeys` becomes the
    /// enum's refusal.
    mutating func parseEnum() throws(SwiftImportError) -> SwiftEnumSyntax {
        let keyword = take()
        try enter(keyword)
        defer { depth -= 1 }
        let name = try identifier(after: keyword)
        var result = SwiftEnumSyntax(name: name.text, line: keyword.line, file: file, inherited: [])
        if let open = peek, open.is("<") {
            result.refusal = unsupported(open, "generic type `\(name.text)<…>`")
            try skipBalanced(open: "<", close: ">")
        }
        result.inherited = try inheritance()
        try skipToBlock(from: keyword)
        try expect("{", after: name)
        while let token = peek, !token.is("}") {
            _ = try skipAttributesAndModifiers()
            guard let member = peek, !member.is("}") else { break }
            guard member.is("case") else {
                if result.refusal == nil, member.is("init"), index + 2 < tokens.count,
                    tokens[index + 1].is("("),
                    tokens[index + 2].is("from")
                {
                    result.refusal = customDecoding(member, of: name.text, where: "in `\(name.text)`")
                }
                if result.refusal == nil, member.is("enum"), index + 1 < tokens.count,
                    tokens[index + 1].text.hasSuffix("CodingKeys")
                {
                    result.refusal = unsupported(
                        member, "custom coding keys for the cases of enum `\(name.text)`")
                }
                try skipDeclaration()
                continue
            }
            index += 1
            repeat {
                if let comma = peek, comma.is(",") { index += 1 }
                let caseName = try identifier(after: member)
                var entry = SwiftCaseSyntax(name: caseName.text, rawValue: nil, line: caseName.line)
                if let open = peek, open.is("(") {
                    let start = index
                    do throws(SwiftImportError) {
                        entry.associated = try associatedValues()
                    } catch {
                        if error.code == .tooDeep { throw error }
                        if result.refusal == nil { result.refusal = error }
                        index = start
                        try skipBalanced(open: "(", close: ")")
                    }
                }
                if let next = peek, next.is("=") {
                    index += 1
                    entry.rawValue = try rawValue(after: next)
                }
                result.cases.append(entry)
            } while peek?.is(",") == true
            if let next = peek, next.is(";") { index += 1 }
        }
        try expect("}", after: keyword)
        return result
    }

    /// `(Int, label: String = "x")` after a case name.
    private mutating func associatedValues() throws(SwiftImportError) -> [SwiftAssociatedValueSyntax] {
        let open = take()
        var values: [SwiftAssociatedValueSyntax] = []
        while let token = peek, !token.is(")") {
            if token.is(",") {
                index += 1
                continue
            }
            var label: String?
            if token.kind == .identifier, index + 1 < tokens.count, tokens[index + 1].is(":") {
                label = token.text == "_" ? nil : token.text
                index += 2
            }
            values.append(SwiftAssociatedValueSyntax(label: label, type: try parseType()))
            if let equals = peek, equals.is("=") {
                throw unsupported(equals, "a default value of an associated value")
            }
        }
        try expect(")", after: open)
        return values
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

    /// `T`, `T?`, `T!`, `[T]`, `[K: V]`, `Name<A, B>`, `Module.Name`.
    mutating func parseType() throws(SwiftImportError) -> SwiftTypeSyntax {
        guard let token = peek else {
            throw SwiftImportError(code: .swiftSyntax, message: "expected a type", line: nil, file: file)
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
        } else if token.kind == .identifier, !["some", "any", "inout"].contains(token.text) {
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
        // A `?` or `!` glued to the type (on its line) wraps it; `!` is an optional too.
        while let mark = peek, mark.is("?") || mark.is("!"), mark.line == tokens[index - 1].endLine {
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
