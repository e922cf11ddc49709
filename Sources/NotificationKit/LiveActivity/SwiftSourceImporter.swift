import JSON

/// Imports the app's Live Activity types from its own Swift source: every struct conforming to
/// `ActivityAttributes`, its stored properties as `attributes` and its nested `ContentState` as
/// `content-state`, coded as `JSONDecoder`'s default strategies code them.
///
/// ```swift
/// struct DeliveryAttributes: ActivityAttributes {
///     struct ContentState: Codable, Hashable {
///         var status: Status
///         var eta: Date
///         var driver: Driver?
///         enum CodingKeys: String, CodingKey { case status, eta = "arrival", driver }
///     }
///     enum Status: String, Codable { case preparing, onTheWay = "on-the-way", delivered }
///     struct Driver: Codable, Hashable { var name: String; var phone: URL? }
///     let orderNumber: Int
/// }
/// ```
///
/// The subset (issue 14): stored `let`/`var` properties, optionals, arrays, `[String: T]`,
/// nested structs, `String`/`Int` raw-value enums, `CodingKeys`, `Date`, `URL`, `UUID`,
/// `Decimal`, `Double`, `Int`, `Bool`, `String`. Anything else is an error naming its line.
public enum SwiftSourceImporter {
    /// The types of `source`, or the diagnostics saying why they cannot be imported.
    public static func importTypes(from source: String) -> (
        types: [ActivityAttributesType], diagnostics: [Diagnostic]
    ) {
        do throws(SwiftImportError) {
            let tokens: [SwiftToken]
            do throws(SwiftTokenError) {
                tokens = try SwiftTokenizer.tokens(of: source)
            } catch {
                throw SwiftImportError(
                    code: .swiftSyntax, message: "line \(error.line): \(error.message)", line: error.line)
            }
            var parser = SwiftDeclarationParser(tokens: tokens)
            let file = try parser.parseFile()
            var resolver = SwiftTypeResolver(structs: file.structs, enums: file.enums)
            let roots = file.structs.filter { $0.conformances.contains("ActivityAttributes") }
            guard !roots.isEmpty else {
                throw SwiftImportError(
                    code: .swiftNoAttributes,
                    message:
                        "No struct conforms to ActivityAttributes; declare `struct Name: ActivityAttributes` "
                        + "with a nested `struct ContentState: Codable, Hashable`.",
                    line: nil)
            }
            var types: [ActivityAttributesType] = []
            var diagnostics: [Diagnostic] = []
            for root in roots {
                let type = try resolver.attributesType(root)
                if types.contains(where: { $0.name == type.name }) {
                    diagnostics.append(
                        Diagnostic(
                            ActivityTypeCode.duplicateType, path: type.name,
                            message: "\(type.name) is declared twice; the first is kept.",
                            line: root.line))
                } else {
                    types.append(type)
                }
            }
            return (types, diagnostics)
        } catch {
            return ([], [Diagnostic(error.code, path: "swift", message: error.message, line: error.line)])
        }
    }
}

/// Turns parsed declarations into activity types, looking names up from the innermost lexical
/// scope outwards, as Swift does.
///
/// Each struct is resolved once and its value reused wherever it is used (the value's storage is
/// shared, not copied), with its measure (`ActivityTypeBudget`), so a type whose structs each use
/// the next twice costs linear time and memory and is refused by size, not expanded. A struct
/// met again while it is being resolved is a cycle, refused naming it.
struct SwiftTypeResolver {
    let structs: [SwiftStructSyntax]
    let enums: [SwiftEnumSyntax]
    /// Each struct resolved so far, by `id`, with what it adds to a type's budget.
    private var resolved: [Int: (type: ActivityObjectType, measure: ActivityTypeBudget.Measure)] = [:]
    /// The structs and aliases being resolved, outermost first: a cycle is one met again here.
    private var resolving: [(id: Int, name: String, line: Int)] = []
    /// The type being imported's size and depth so far.
    private var budget = ActivityTypeBudget()

    init(structs: [SwiftStructSyntax], enums: [SwiftEnumSyntax]) {
        self.structs = structs
        self.enums = enums
    }

    /// The attributes type declared by `root`.
    mutating func attributesType(_ root: SwiftStructSyntax) throws(SwiftImportError) -> ActivityAttributesType
    {
        budget = ActivityTypeBudget()
        let scope = [root]
        let state: ActivityObjectType
        if let nested = root.structs.first(where: { $0.name == "ContentState" }) {
            state = try object(nested, scope: scope + [nested], depth: 1)
        } else if let alias = root.aliases.first(where: { $0.name == "ContentState" }) {
            guard case .object(let target) = try resolve(alias, scope: scope, depth: 1) else {
                throw SwiftImportError(
                    code: .swiftUnsupported,
                    message: "line \(alias.line): ContentState must be a struct", line: alias.line)
            }
            state = target
        } else {
            throw SwiftImportError(
                code: .swiftNoAttributes,
                message:
                    "line \(root.line): \(root.name) has no nested `struct ContentState: Codable, Hashable`",
                line: root.line)
        }
        return ActivityAttributesType(
            name: root.name, attributes: try object(root, scope: scope, depth: 1), contentState: state)
    }

    /// The struct `syntax` (found in `scope`, its lexical scope with itself innermost) at
    /// `depth`: resolved the first time, reused after.
    private mutating func object(_ syntax: SwiftStructSyntax, scope: [SwiftStructSyntax], depth: Int)
        throws(SwiftImportError) -> ActivityObjectType
    {
        if let (type, measure) = resolved[syntax.id] {
            guard budget.reuse(measure, at: depth) else { throw overBudget(syntax.name, line: syntax.line) }
            return type
        }
        try enter(id: syntax.id, name: syntax.name, line: syntax.line, depth: depth)
        defer { resolving.removeLast() }
        let mark = budget.begin(at: depth)
        let keys = try codingKeys(of: syntax)
        var fields: [ActivityField] = []
        for property in syntax.properties {
            // A `let` with a value is never decoded; CodingKeys leave out what they do not list.
            if property.isLet && property.hasDefault { continue }
            let key: String
            if let keys {
                guard let mapped = keys[property.name] else { continue }
                key = mapped
            } else {
                key = property.name
            }
            fields.append(
                ActivityField(
                    key: key, type: try resolve(property.type, scope: scope, depth: depth + 1),
                    line: property.line))
        }
        let type = ActivityObjectType(name: syntax.name, fields: fields)
        resolved[syntax.id] = (type, budget.end(mark))
        return type
    }

    /// Counts one value at `depth`, and starts resolving the declaration `id` unless it is
    /// already being resolved (a cycle) or the type is already too deep or too large.
    private mutating func enter(id: Int, name: String, line: Int, depth: Int) throws(SwiftImportError) {
        if let start = resolving.firstIndex(where: { $0.id == id }) {
            let chain = resolving[start...].map(\.name) + [name]
            throw SwiftImportError(
                code: .swiftRecursive,
                message:
                    "line \(line): `\(name)` contains itself (\(chain.joined(separator: " → "))); recursive "
                    + "types are outside the supported subset",
                line: line)
        }
        try count(at: depth, line: line)
        resolving.append((id, name, line))
    }

    /// Counts one value at `depth`, or fails past either cap; checked before recursing.
    private mutating func count(at depth: Int, line: Int?) throws(SwiftImportError) {
        guard depth <= ActivityTypeLimits.maximumDepth else {
            throw SwiftImportError(
                code: .tooDeep,
                message: (line.map { "line \($0): " } ?? "")
                    + "the type nests deeper than \(ActivityTypeLimits.maximumDepth) levels",
                line: line)
        }
        guard budget.count(at: depth) else {
            throw SwiftImportError(
                code: .tooLarge,
                message: (line.map { "line \($0): " } ?? "")
                    + "the type expands to more than \(ActivityTypeLimits.maximumSize) values",
                line: line)
        }
    }

    /// The error for a reused struct that takes the type past a cap.
    private func overBudget(_ name: String, line: Int) -> SwiftImportError {
        if budget.deepest > ActivityTypeLimits.maximumDepth {
            return SwiftImportError(
                code: .tooDeep,
                message:
                    "line \(line): through `\(name)` the type nests deeper than "
                    + "\(ActivityTypeLimits.maximumDepth) levels",
                line: line)
        }
        return SwiftImportError(
            code: .tooLarge,
            message:
                "line \(line): with `\(name)` used again the type expands to more than "
                + "\(ActivityTypeLimits.maximumSize) values",
            line: line)
    }

    /// The type `alias` names, in `scope` (the alias's container innermost).
    private mutating func resolve(_ alias: SwiftAliasSyntax, scope: [SwiftStructSyntax], depth: Int)
        throws(SwiftImportError) -> ActivityValueType
    {
        try enter(id: alias.id, name: alias.name, line: alias.line, depth: depth)
        defer { resolving.removeLast() }
        return try resolve(alias.type, scope: scope, depth: depth + 1)
    }

    /// Property name → JSON key from a `CodingKeys` enum, or nil when the struct has none.
    private func codingKeys(of syntax: SwiftStructSyntax) throws(SwiftImportError) -> [String: String]? {
        guard let keys = syntax.enums.first(where: { $0.name == "CodingKeys" }) else { return nil }
        var map: [String: String] = [:]
        for entry in keys.cases {
            if let raw = entry.rawValue, raw.kind != .string {
                throw SwiftImportError(
                    code: .swiftUnsupported,
                    message:
                        "line \(entry.line): CodingKeys with Int raw values are outside the supported subset",
                    line: entry.line)
            }
            map[entry.name] = entry.rawValue?.text ?? entry.name
        }
        return map
    }

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
                throw unsupported(syntax, "a dictionary whose keys are not String (it is coded as an array)")
            }
            try count(at: depth, line: syntax.line)
            return .dictionary(try resolve(value, scope: scope, depth: depth + 1))
        case .named(let name, let arguments, let line):
            if let builtin = try builtin(name, arguments: arguments, line: line, scope: scope, depth: depth) {
                return builtin
            }
            guard arguments.isEmpty else {
                throw unsupported(syntax, "the generic type `\(name)<…>`")
            }
            for (level, container) in scope.enumerated().reversed() {
                // A nested type sees its own lexical scope, not the scope it was used from.
                let lexical = Array(scope[...level])
                if let found = container.structs.first(where: { $0.name == name }) {
                    return .object(try object(found, scope: lexical + [found], depth: depth))
                }
                if let found = container.enums.first(where: { $0.name == name }) {
                    try count(at: depth, line: line)
                    return .enumeration(try enumeration(found))
                }
                if let alias = container.aliases.first(where: { $0.name == name }) {
                    return try resolve(alias, scope: lexical, depth: depth)
                }
            }
            if let found = structs.first(where: { $0.name == name }) {
                return .object(try object(found, scope: [found], depth: depth))
            }
            if let found = enums.first(where: { $0.name == name }) {
                try count(at: depth, line: line)
                return .enumeration(try enumeration(found))
            }
            throw SwiftImportError(
                code: .swiftUnknownType,
                message:
                    "line \(line): `\(name)` is neither a supported type (String, Int, Double, Decimal, Bool, "
                    + "Date, URL, UUID, arrays, [String: T], optionals) nor declared in this file",
                line: line)
        }
    }

    private mutating func builtin(
        _ name: String, arguments: [SwiftTypeSyntax], line: Int, scope: [SwiftStructSyntax], depth: Int
    ) throws(SwiftImportError) -> ActivityValueType? {
        let type: ActivityValueType
        switch (name, arguments.count) {
        case ("String", 0): type = .string
        case ("Int", 0), ("Int8", 0), ("Int16", 0), ("Int32", 0), ("Int64", 0), ("UInt", 0), ("UInt8", 0),
            ("UInt16", 0), ("UInt32", 0), ("UInt64", 0):
            type = .int
        case ("Double", 0), ("Float", 0): type = .double
        case ("Decimal", 0): type = .decimal
        case ("Bool", 0): type = .bool
        case ("Date", 0): type = .date
        case ("URL", 0): type = .url
        case ("UUID", 0): type = .uuid
        case ("Optional", 1):
            try count(at: depth, line: line)
            return .optional(try resolve(arguments[0], scope: scope, depth: depth + 1))
        case ("Array", 1):
            try count(at: depth, line: line)
            return .array(try resolve(arguments[0], scope: scope, depth: depth + 1))
        case ("Dictionary", 2):
            return try resolve(
                .dictionary(key: arguments[0], value: arguments[1]), scope: scope, depth: depth)
        default: return nil
        }
        try count(at: depth, line: line)
        return type
    }

    private func enumeration(_ syntax: SwiftEnumSyntax) throws(SwiftImportError) -> ActivityEnumType {
        guard let raw = syntax.inherited.first.flatMap(ActivityEnumType.RawType.init(rawValue:)) else {
            throw SwiftImportError(
                code: .swiftUnsupported,
                message:
                    "line \(syntax.line): enum `\(syntax.name)` has no String or Int raw type, which is outside "
                    + "the supported subset (write `enum \(syntax.name): String, Codable`)",
                line: syntax.line)
        }
        var values: [String] = []
        // The implicit raw value of the next case; nil after `Int.max`, which has none.
        var next: Int? = 0
        for entry in syntax.cases {
            switch (raw, entry.rawValue) {
            case (.string, nil): values.append(entry.name)
            case (.string, let token?) where token.kind == .string: values.append(token.text)
            case (.int, nil):
                guard let value = next else { throw rawValueRange(entry, "follows Int.max and has no value") }
                values.append(String(value))
                next = Self.successor(of: value)
            case (.int, let token?) where token.kind == .number && Int(token.text) != nil:
                let number = Int(token.text) ?? 0
                values.append(String(number))
                next = Self.successor(of: number)
            case (.int, let token?) where token.kind == .number && Self.isInteger(token.text):
                throw rawValueRange(entry, "has the raw value \(token.text), which does not fit in Int")
            default:
                throw SwiftImportError(
                    code: .swiftSyntax,
                    message:
                        "line \(entry.line): case `\(entry.name)` has a raw value that is not a \(raw.rawValue)",
                    line: entry.line)
            }
        }
        return ActivityEnumType(name: syntax.name, rawType: raw, rawValues: values)
    }

    /// The implicit raw value after `value`, or nil past `Int.max` (where `+ 1` would trap).
    private static func successor(of value: Int) -> Int? {
        let (sum, overflow) = value.addingReportingOverflow(1)
        return overflow ? nil : sum
    }

    /// True for an integer literal as written (`-` and digits), whatever its size.
    private static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    }

    private func rawValueRange(_ entry: SwiftCaseSyntax, _ what: String) -> SwiftImportError {
        SwiftImportError(
            code: .swiftRawValueRange, message: "line \(entry.line): case `\(entry.name)` \(what)",
            line: entry.line)
    }

    private func unsupported(_ syntax: SwiftTypeSyntax, _ what: String) -> SwiftImportError {
        let line = syntax.line
        return SwiftImportError(
            code: .swiftUnsupported,
            message: (line.map { "line \($0): " } ?? "") + what + " is outside the supported subset",
            line: line)
    }
}
