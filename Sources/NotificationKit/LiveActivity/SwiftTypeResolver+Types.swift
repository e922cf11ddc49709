/// Type expressions, the standard library's coded types, and enums for `SwiftTypeResolver`.
extension SwiftTypeResolver {
    /// The integer types: each a JSON number without a fraction.
    static let integerTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    /// The floating-point types (and `TimeInterval`, Foundation's name for `Double`).
    static let floatingTypes: Set<String> = [
        "Double", "Float", "Float16", "Float32", "Float64", "Float80", "CGFloat", "TimeInterval",
    ]

    /// The coded shape of a type written in `scope` (innermost last), at `depth`.
    mutating func resolve(_ syntax: SwiftTypeSyntax, scope: [SwiftStructSyntax], depth: Int)
        throws(SwiftImportError) -> ActivityValueType
    {
        switch syntax {
        case .optional(let wrapped):
            try count(at: depth, line: syntax.line)
            return .optional(try resolve(wrapped, scope: scope, depth: depth + 1))
        case .array(let element):
            try count(at: depth, line: syntax.line)
            return .array(try resolve(element, scope: scope, depth: depth + 1))
        case .dictionary(let key, let value):
            guard case .named("String", _, _) = key else {
                throw failure(
                    .swiftUnsupported, syntax.line,
                    "a dictionary whose keys are not String (it is coded as an array) is outside the supported subset"
                )
            }
            try count(at: depth, line: syntax.line)
            return .dictionary(try resolve(value, scope: scope, depth: depth + 1))
        case .named(let name, let arguments, let line):
            if let builtin = try builtin(name, arguments: arguments, line: line, scope: scope, depth: depth) {
                return builtin
            }
            guard arguments.isEmpty else {
                throw failure(
                    .swiftUnsupported, line, "the generic type `\(name)<…>` is outside the supported subset")
            }
            for (level, container) in scope.enumerated().reversed() {
                // A nested type sees its own lexical scope, not the scope it was used from.
                let lexical = Array(scope[...level])
                if let found = container.structs.first(where: { $0.name == name }) {
                    return .object(try object(found, scope: lexical + [found], depth: depth))
                }
                if let found = container.enums.first(where: { $0.name == name }) {
                    return try enumeration(found, scope: lexical, depth: depth, line: line)
                }
                if let alias = container.aliases.first(where: { $0.name == name }) {
                    return try resolve(alias, scope: lexical, depth: depth)
                }
            }
            if let found = self.syntax.structs.first(where: { $0.name == name }) {
                return .object(try object(found, scope: [found], depth: depth))
            }
            if let found = self.syntax.enums.first(where: { $0.name == name }) {
                return try enumeration(found, scope: [], depth: depth, line: line)
            }
            if let alias = self.syntax.aliases.first(where: { $0.name == name }) {
                return try resolve(alias, scope: [], depth: depth)
            }
            throw failure(
                .swiftUnknownType, line,
                "the type `\(name)` is neither a type the importer knows (String, the integer and floating-point "
                    + "types, Decimal, Bool, Date, URL, UUID, arrays, sets, ranges, [String: T], optionals) nor "
                    + "declared in the imported files; import the file that declares `\(name)` with this one")
        }
    }

    private mutating func builtin(
        _ name: String, arguments: [SwiftTypeSyntax], line: Int, scope: [SwiftStructSyntax], depth: Int
    ) throws(SwiftImportError) -> ActivityValueType? {
        let type: ActivityValueType
        switch (name, arguments.count) {
        case ("String", 0): type = .string
        case (let integer, 0) where Self.integerTypes.contains(integer): type = .int
        case (let floating, 0) where Self.floatingTypes.contains(floating): type = .double
        case ("Decimal", 0): type = .decimal
        case ("Bool", 0): type = .bool
        case ("Date", 0): type = .date
        case ("URL", 0): type = .url
        case ("UUID", 0): type = .uuid
        case ("Optional", 1):
            try count(at: depth, line: line)
            return .optional(try resolve(arguments[0], scope: scope, depth: depth + 1))
        case ("Array", 1), ("Set", 1), ("ContiguousArray", 1):
            // A set is coded as an array of its elements.
            try count(at: depth, line: line)
            return .array(try resolve(arguments[0], scope: scope, depth: depth + 1))
        case ("ClosedRange", 1), ("Range", 1):
            try count(at: depth, line: line)
            return .range(
                try resolve(arguments[0], scope: scope, depth: depth + 1), closed: name == "ClosedRange")
        case ("Dictionary", 2):
            return try resolve(
                .dictionary(key: arguments[0], value: arguments[1]), scope: scope, depth: depth)
        default: return nil
        }
        try count(at: depth, line: line)
        return type
    }

    /// A raw-value enum as its raw values; an enum without a raw type by its cases.
    private mutating func enumeration(
        _ syntax: SwiftEnumSyntax, scope: [SwiftStructSyntax], depth: Int, line: Int
    ) throws(SwiftImportError) -> ActivityValueType {
        files.append(syntax.file)
        defer { files.removeLast() }
        try count(at: depth, line: line)
        if let refusal = syntax.refusal { throw refusal }
        try refuseCustomDecoder(of: syntax.name, scope: scope.map(\.name))
        // Raw-value or not, an enum no case of which was read decodes no value: refused here,
        // before either kind is built (a raw-value enum with none wrote a schema of `"enum": []`
        // that the schema reader refuses, so the type could never be stored).
        guard !syntax.cases.isEmpty else {
            throw failure(
                .swiftUnsupported, syntax.line,
                "enum `\(syntax.name)` has no cases, so no value of it decodes")
        }
        let first = syntax.inherited.first ?? ""
        if first == "String" { return .enumeration(try rawValues(syntax, .string)) }
        if Self.integerTypes.contains(first) { return .enumeration(try rawValues(syntax, .int)) }
        if Self.floatingTypes.contains(first) || first == "Character" {
            throw failure(
                .swiftUnsupported, syntax.line,
                "enum `\(syntax.name)` with \(first) raw values is outside the supported subset (String or integer)"
            )
        }
        var cases: [ActivityObjectType] = []
        for entry in syntax.cases {
            var fields: [ActivityField] = []
            for (position, value) in entry.associated.enumerated() {
                let type = try resolve(value.type, scope: scope, depth: depth + 2)
                fields.append(ActivityField(key: value.label ?? "_\(position)", type: type, line: entry.line))
            }
            cases.append(ActivityObjectType(name: entry.name, fields: fields))
        }
        return .cases(ActivityCaseEnumType(name: syntax.name, cases: cases))
    }
}
