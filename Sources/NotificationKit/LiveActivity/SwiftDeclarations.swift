/// The declarations the importer reads from Swift source, before names are resolved: structs
/// with stored properties and nested types, raw-value enums, and type aliases.
indirect enum SwiftTypeSyntax: Sendable, Hashable {
    /// A named type, possibly with generic arguments (`Date`, `Optional<Int>`, `Foundation.URL`).
    case named(String, arguments: [SwiftTypeSyntax], line: Int)
    /// `T?`.
    case optional(SwiftTypeSyntax)
    /// `[T]`.
    case array(SwiftTypeSyntax)
    /// `[K: V]`.
    case dictionary(key: SwiftTypeSyntax, value: SwiftTypeSyntax)

    /// The line of the first name written in the type, when it has one near the top (for
    /// messages; `[[…]]` nested deeply answers nil rather than searching).
    var line: Int? {
        switch self {
        case .named(_, _, let line): line
        case .dictionary(.named(_, _, let line), _): line
        case .optional(.named(_, _, let line)), .array(.named(_, _, let line)): line
        default: nil
        }
    }
}

/// A stored property: `let`/`var name: Type [= default]`.
struct SwiftPropertySyntax: Sendable, Hashable {
    /// The property name (the JSON key unless `CodingKeys` says otherwise).
    var name: String
    /// The written type.
    var type: SwiftTypeSyntax
    /// `let` rather than `var`: with a value, a `let` is never decoded.
    var isLet: Bool
    /// True when the declaration gives an initial value.
    var hasDefault: Bool
    /// The declaration's line.
    var line: Int
}

/// An enum case with its raw value as written, if any.
struct SwiftCaseSyntax: Sendable, Hashable {
    /// The case name.
    var name: String
    /// The raw value literal, when written.
    var rawValue: SwiftToken?
    /// The case's line.
    var line: Int
}

/// A `struct` with what the importer needs of its body.
struct SwiftStructSyntax: Sendable, Hashable {
    /// The struct's number in the file, unique among its declarations: what the resolver
    /// remembers it by (two nested structs may share a name).
    var id: Int
    /// The struct name.
    var name: String
    /// The line of `struct`.
    var line: Int
    /// The protocols it conforms to (`ActivityAttributes`, `Codable`, …).
    var conformances: [String]
    /// Its stored properties, in order.
    var properties: [SwiftPropertySyntax] = []
    /// Its nested structs.
    var structs: [SwiftStructSyntax] = []
    /// Its nested enums (`CodingKeys` among them).
    var enums: [SwiftEnumSyntax] = []
    /// Its nested type aliases.
    var aliases: [SwiftAliasSyntax] = []
}

/// An `enum`: its inheritance list (raw type and protocols) and its cases.
struct SwiftEnumSyntax: Sendable, Hashable {
    /// The enum name.
    var name: String
    /// The line of `enum`.
    var line: Int
    /// The raw type and protocols, in order.
    var inherited: [String]
    /// Its cases, in order.
    var cases: [SwiftCaseSyntax] = []
}

/// `typealias Name = Type`.
struct SwiftAliasSyntax: Sendable, Hashable {
    /// The alias's number in the file, unique among its declarations (see `SwiftStructSyntax.id`).
    var id: Int
    /// The alias name.
    var name: String
    /// The aliased type.
    var type: SwiftTypeSyntax
    /// The line of `typealias`.
    var line: Int
}

/// The first reason the source is outside the importer's subset, with its line.
struct SwiftImportError: Error, Sendable, Hashable {
    /// The import code.
    var code: ActivityTypeCode
    /// What is wrong, starting with `line N:` when it has a line.
    var message: String
    /// The 1-based line, when known.
    var line: Int?
}
