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
}

/// A stored property: `let`/`var name: Type [= default]`.
struct SwiftPropertySyntax: Sendable, Hashable {
    var name: String
    var type: SwiftTypeSyntax
    var isLet: Bool
    var hasDefault: Bool
    var line: Int
}

/// An enum case with its raw value as written, if any.
struct SwiftCaseSyntax: Sendable, Hashable {
    var name: String
    var rawValue: SwiftToken?
    var line: Int
}

/// A `struct` with what the importer needs of its body.
struct SwiftStructSyntax: Sendable, Hashable {
    var name: String
    var line: Int
    var conformances: [String]
    var properties: [SwiftPropertySyntax] = []
    var structs: [SwiftStructSyntax] = []
    var enums: [SwiftEnumSyntax] = []
    var aliases: [SwiftAliasSyntax] = []
}

/// An `enum`: its inheritance list (raw type and protocols) and its cases.
struct SwiftEnumSyntax: Sendable, Hashable {
    var name: String
    var line: Int
    var inherited: [String]
    var cases: [SwiftCaseSyntax] = []
}

/// `typealias Name = Type`.
struct SwiftAliasSyntax: Sendable, Hashable {
    var name: String
    var type: SwiftTypeSyntax
    var line: Int
}

/// The first reason the source is outside the importer's subset, with its line.
struct SwiftImportError: Error, Sendable, Hashable {
    var code: ActivityTypeCode
    var message: String
    var line: Int?
}
