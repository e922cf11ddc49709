/// Reads the type declarations of a Swift file from its active tokens (after `#if`), the way
/// real activity files are written: the `ActivityAttributes` struct beside its widget, views,
/// previews, classes, protocols and extensions.
///
/// What takes no part in decoding is skipped: imports, functions, initializers, subscripts,
/// computed properties, `static` members, and every declaration that is not a struct, an enum
/// or a type alias. What changes or hides the coded shape (a custom `init(from:)`, a property
/// wrapper, a generic parameter, a type the importer cannot read) is remembered on its struct
/// or enum as a `refusal` naming its line, which becomes the error only when that type is part
/// of an activity type: the widget's `var body: some WidgetConfiguration` never fails an import.
struct SwiftDeclarationParser {
    /// The tokens being read.
    let tokens: [SwiftToken]
    /// The file the tokens come from, for messages.
    let file: String?
    /// The next token to read.
    var index = 0
    /// How many declarations and type expressions enclose the one being read.
    var depth = 0
    /// The number the next struct or alias gets (unique across the files of one import).
    var nextID: Int

    /// A parser over `tokens` of `file`, numbering declarations from `firstID`.
    init(tokens: [SwiftToken], file: String? = nil, firstID: Int = 0) {
        self.tokens = tokens
        self.file = file
        self.nextID = firstID
    }

    /// Every top-level struct, enum and type alias of the source, added to `syntax`.
    mutating func parseFile(into syntax: inout SwiftFileSyntax) throws(SwiftImportError) {
        while let token = peek {
            if token.kind == .identifier, token.text.hasPrefix("#") {
                try skipMacroExpansion()
                continue
            }
            let start = index
            let attributes = try skipAttributesAndModifiers()
            guard let keyword = peek else { break }
            switch keyword.kind == .identifier ? keyword.text : "" {
            case "struct": syntax.structs.append(try parseStruct())
            case "enum": syntax.enums.append(try parseEnum())
            case "typealias": syntax.aliases.append(try parseAlias())
            case "extension": try readExtension(into: &syntax)
            default:
                if index == start && attributes.isEmpty && !Self.declarationKeywords.contains(keyword.text) {
                    throw self.syntax(keyword, "unexpected `\(keyword.text)` at the top level")
                }
                try skipDeclaration()
            }
        }
    }

    /// The parsed file, for a caller with one file.
    mutating func parseFile() throws(SwiftImportError) -> SwiftFileSyntax {
        var syntax = SwiftFileSyntax()
        try parseFile(into: &syntax)
        return syntax
    }

    /// `extension A.B { … }`: skipped, but an `init(from:)` in it replaces the synthesized
    /// decoding of `A.B`, which is remembered.
    private mutating func readExtension(into syntax: inout SwiftFileSyntax) throws(SwiftImportError) {
        let keyword = take()
        var path: [String] = []
        while let name = peek, name.kind == .identifier {
            path.append(name.text)
            index += 1
            guard peek?.is(".") == true else { break }
            index += 1
        }
        try skipToBlock(from: keyword)
        let body = index
        try skipBalancedBlock()
        for position in body..<index where tokens[position].is("init") {
            guard position + 2 < index, tokens[position + 1].is("("), tokens[position + 2].is("from") else {
                continue
            }
            let name = path.joined(separator: ".")
            syntax.customDecoders.append(
                (path, customDecoding(tokens[position], of: name, where: "in an extension of `\(name)`")))
        }
    }

    // MARK: Declarations

    private mutating func parseStruct() throws(SwiftImportError) -> SwiftStructSyntax {
        let keyword = take()
        try enter(keyword)
        defer { depth -= 1 }
        let name = try identifier(after: keyword)
        nextID += 1
        var result = SwiftStructSyntax(
            id: nextID, name: name.text, line: keyword.line, file: file, conformances: [])
        if let open = peek, open.is("<") {
            result.refusal = unsupported(
                open, "generic type `\(name.text)<…>`; ActivityKit decodes one concrete type")
            try skipBalanced(open: "<", close: ">")
        }
        result.conformances = try inheritance()
        try skipToBlock(from: keyword)
        try expect("{", after: name)
        while let token = peek, !token.is("}") {
            try parseStructMember(into: &result)
        }
        try expect("}", after: keyword)
        return result
    }

    /// One member of a struct: read when it is stored, nested or an alias, skipped otherwise;
    /// a member the importer cannot read becomes the struct's refusal and is skipped.
    private mutating func parseStructMember(into result: inout SwiftStructSyntax) throws(SwiftImportError) {
        let start = index
        let attributes = try skipAttributesAndModifiers()
        let modifiers = tokens[start..<index].filter { $0.kind == .identifier }.map(\.text)
        guard let token = peek else { return }
        guard token.kind == .identifier else { throw syntax(token, "unexpected `\(token.text)`") }
        let memberStart = index
        do throws(SwiftImportError) {
            switch token.text {
            case "let", "var":
                if modifiers.contains("static") || modifiers.contains("class") {
                    try skipDeclaration()
                } else if let property = try parseProperty(of: result.name, attributes: attributes) {
                    if modifiers.contains("lazy") {
                        throw unsupported(token, "the `lazy` property `\(property.name)`")
                    }
                    result.properties.append(property)
                }
            case "struct": result.structs.append(try parseStruct())
            case "enum": result.enums.append(try parseEnum())
            case "typealias": result.aliases.append(try parseAlias())
            case "init":
                if index + 2 < tokens.count, tokens[index + 1].is("("), tokens[index + 2].is("from") {
                    throw customDecoding(token, of: result.name, where: "in `\(result.name)`")
                }
                try skipDeclaration()
            default:
                try skipDeclaration()
            }
        } catch {
            if error.code == .tooDeep { throw error }
            if result.refusal == nil { result.refusal = error }
            index = memberStart
            try skipDeclaration()
        }
    }

    /// `let`/`var name[: Type] [= value] [{ accessors }]`; nil for a computed property.
    private mutating func parseProperty(of owner: String, attributes: [SwiftToken]) throws(SwiftImportError)
        -> SwiftPropertySyntax?
    {
        let keyword = take()
        let name = try identifier(after: keyword)
        var type: SwiftTypeSyntax?
        if let colon = peek, colon.is(":") {
            index += 1
            let typeStart = index
            do throws(SwiftImportError) {
                type = try parseType()
            } catch {
                // `var body: some View { … }`: a computed property of a type the importer does
                // not read is skipped like any computed property.
                if error.code == .tooDeep { throw error }
                index = typeStart
                while let next = peek, next.line == colon.line, !next.is("{"), !next.is("=") { index += 1 }
                guard let block = peek, block.is("{"), !Self.isObserverBlock(tokens, at: index) else {
                    throw error
                }
                try skipBalancedBlock()
                return nil
            }
        }
        if let block = peek, block.is("{"), !Self.isObserverBlock(tokens, at: index) {
            try skipBalancedBlock()
            return nil
        }
        var hasDefault = false
        if let equals = peek, equals.is("=") {
            hasDefault = true
            index += 1
            if type == nil { type = SwiftTypeInference.type(of: tokens, at: index) }
        }
        if let comma = peek, comma.is(",") {
            throw unsupported(comma, "several properties in one declaration; declare one per line")
        }
        try skipDeclarationRest(after: tokens[index - 1])
        if let wrapper = attributes.first(where: { !Self.declarationAttributes.contains($0.text) }) {
            throw unsupported(
                wrapper,
                "the property wrapper or attached macro `@\(wrapper.text)` on `\(name.text)` in `\(owner)`")
        }
        guard let type else {
            if keyword.is("let") && hasDefault { return nil }
            throw unsupported(
                name,
                "property `\(name.text)` whose type cannot be told from its initial value; write `\(name.text): Type`"
            )
        }
        return SwiftPropertySyntax(
            name: name.text, type: type, isLet: keyword.is("let"), hasDefault: hasDefault, line: keyword.line)
    }

    private mutating func parseAlias() throws(SwiftImportError) -> SwiftAliasSyntax {
        let keyword = take()
        let name = try identifier(after: keyword)
        if let open = peek, open.is("<") { try skipBalanced(open: "<", close: ">") }
        try expect("=", after: name)
        nextID += 1
        var alias = SwiftAliasSyntax(id: nextID, name: name.text, type: nil, line: keyword.line, file: file)
        let start = index
        do throws(SwiftImportError) {
            alias.type = try parseType()
        } catch {
            if error.code == .tooDeep { throw error }
            alias.refusal = error
            index = start
        }
        try skipDeclarationRest(after: tokens[index - 1])
        return alias
    }

    /// Whether the block at `index` holds `willSet`/`didSet` (a stored property's observers)
    /// rather than a getter.
    static func isObserverBlock(_ tokens: [SwiftToken], at index: Int) -> Bool {
        index + 1 < tokens.count && (tokens[index + 1].is("willSet") || tokens[index + 1].is("didSet"))
    }

    /// The refusal of a hand-written `init(from:)`: the importer reads synthesized decoding only.
    func customDecoding(_ token: SwiftToken, of name: String, where place: String) -> SwiftImportError {
        SwiftImportError(
            code: .swiftUnsupported,
            message:
                "\(SwiftImportError.place(token.line, file: file)): a custom `init(from:)` \(place) decodes "
                + "`\(name)` in its own way, which the importer cannot read (it reads synthesized Codable only)",
            line: token.line, file: file)
    }
}
