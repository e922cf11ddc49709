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
            let resolver = SwiftTypeResolver(structs: file.structs, enums: file.enums)
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

/// Turns parsed declarations into activity types, looking names up from the innermost scope
/// outwards, as Swift does.
struct SwiftTypeResolver {
    let structs: [SwiftStructSyntax]
    let enums: [SwiftEnumSyntax]

    /// The attributes type declared by `root`.
    func attributesType(_ root: SwiftStructSyntax) throws(SwiftImportError) -> ActivityAttributesType {
        let scope = [root]
        let state: ActivityObjectType
        if let nested = root.structs.first(where: { $0.name == "ContentState" }) {
            state = try object(nested, scope: scope + [nested])
        } else if let alias = root.aliases.first(where: { $0.name == "ContentState" }) {
            guard case .object(let target) = try resolve(alias.type, scope: scope) else {
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
            name: root.name, attributes: try object(root, scope: scope), contentState: state)
    }

    private func object(_ syntax: SwiftStructSyntax, scope: [SwiftStructSyntax]) throws(SwiftImportError)
        -> ActivityObjectType
    {
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
                ActivityField(key: key, type: try resolve(property.type, scope: scope), line: property.line))
        }
        return ActivityObjectType(name: syntax.name, fields: fields)
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

    /// The coded shape of a type written in `scope` (innermost last).
    func resolve(_ syntax: SwiftTypeSyntax, scope: [SwiftStructSyntax]) throws(SwiftImportError)
        -> ActivityValueType
    {
        switch syntax {
        case .optional(let wrapped):
            return .optional(try resolve(wrapped, scope: scope))
        case .array(let element):
            return .array(try resolve(element, scope: scope))
        case .dictionary(let key, let value):
            guard case .named("String", _, _) = key else {
                throw unsupported(syntax, "a dictionary whose keys are not String (it is coded as an array)")
            }
            return .dictionary(try resolve(value, scope: scope))
        case .named(let name, let arguments, let line):
            if let builtin = try builtin(name, arguments: arguments, line: line, scope: scope) {
                return builtin
            }
            guard arguments.isEmpty else {
                throw unsupported(syntax, "the generic type `\(name)<…>`")
            }
            for container in scope.reversed() {
                if let found = container.structs.first(where: { $0.name == name }) {
                    return .object(try object(found, scope: scope + [found]))
                }
                if let found = container.enums.first(where: { $0.name == name }) {
                    return .enumeration(try enumeration(found))
                }
                if let alias = container.aliases.first(where: { $0.name == name }) {
                    return try resolve(alias.type, scope: scope)
                }
            }
            if let found = structs.first(where: { $0.name == name }) {
                return .object(try object(found, scope: [found]))
            }
            if let found = enums.first(where: { $0.name == name }) {
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

    private func builtin(
        _ name: String, arguments: [SwiftTypeSyntax], line: Int, scope: [SwiftStructSyntax]
    ) throws(SwiftImportError) -> ActivityValueType? {
        switch (name, arguments.count) {
        case ("String", 0): return .string
        case ("Int", 0), ("Int8", 0), ("Int16", 0), ("Int32", 0), ("Int64", 0), ("UInt", 0), ("UInt8", 0),
            ("UInt16", 0), ("UInt32", 0), ("UInt64", 0):
            return .int
        case ("Double", 0), ("Float", 0): return .double
        case ("Decimal", 0): return .decimal
        case ("Bool", 0): return .bool
        case ("Date", 0): return .date
        case ("URL", 0): return .url
        case ("UUID", 0): return .uuid
        case ("Optional", 1): return .optional(try resolve(arguments[0], scope: scope))
        case ("Array", 1): return .array(try resolve(arguments[0], scope: scope))
        case ("Dictionary", 2):
            return try resolve(.dictionary(key: arguments[0], value: arguments[1]), scope: scope)
        default: return nil
        }
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
        var next = 0
        for entry in syntax.cases {
            switch (raw, entry.rawValue) {
            case (.string, nil): values.append(entry.name)
            case (.string, let token?) where token.kind == .string: values.append(token.text)
            case (.int, nil):
                values.append(String(next))
                next += 1
            case (.int, let token?) where token.kind == .number && Int(token.text) != nil:
                let number = Int(token.text) ?? 0
                values.append(String(number))
                next = number + 1
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

    private func unsupported(_ syntax: SwiftTypeSyntax, _ what: String) -> SwiftImportError {
        var line: Int?
        if case .named(_, _, let at) = syntax { line = at }
        if case .dictionary(.named(_, _, let at), _) = syntax { line = at }
        return SwiftImportError(
            code: .swiftUnsupported,
            message: (line.map { "line \($0): " } ?? "") + what + " is outside the supported subset",
            line: line)
    }
}
