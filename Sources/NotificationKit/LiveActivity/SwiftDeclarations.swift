/// The declarations the importer reads from Swift source, before names are resolved: structs
/// with stored properties and nested types, enums, and type aliases.
indirect enum SwiftTypeSyntax: Sendable, Hashable {
    /// A named type, possibly with generic arguments (`Date`, `Optional<Int>`, `Foundation.URL`).
    case named(String, arguments: [SwiftTypeSyntax], line: Int)
    /// `T?` (and `T!`, which is an optional too).
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
    /// The written type, or the type inferred from the initial value (`var id = UUID()`).
    var type: SwiftTypeSyntax
    /// `let` rather than `var`: with a value, a `let` is never decoded.
    var isLet: Bool
    /// True when the declaration gives an initial value.
    var hasDefault: Bool
    /// The declaration's line.
    var line: Int
}

/// An enum case with its raw value as written, if any, or its associated values.
struct SwiftCaseSyntax: Sendable, Hashable {
    /// The case name.
    var name: String
    /// The raw value literal, when written.
    var rawValue: SwiftToken?
    /// The associated values (`case score(home: Int, Int)`), empty for a case without them.
    var associated: [SwiftAssociatedValueSyntax] = []
    /// The case's line.
    var line: Int
}

/// One associated value of an enum case: its label (nil when unlabelled) and type.
struct SwiftAssociatedValueSyntax: Sendable, Hashable {
    /// The label, which is its key in the coded object; unlabelled values are `_0`, `_1`…
    var label: String?
    /// The written type.
    var type: SwiftTypeSyntax
}

/// A `struct` with what the importer needs of its body.
struct SwiftStructSyntax: Sendable, Hashable {
    /// The struct's number among the imported files' declarations: what the resolver
    /// remembers it by (two nested structs may share a name).
    var id: Int
    /// The struct name.
    var name: String
    /// The line of `struct`.
    var line: Int
    /// The file it is declared in, when the import names its files.
    var file: String?
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
    /// The first construct that keeps the struct from being decoded as written (a custom
    /// `init(from:)`, a property wrapper, a generic parameter…): an error only when the struct
    /// is part of an activity type, so the views and widgets beside it never are.
    var refusal: SwiftImportError?
}

/// An `enum`: its inheritance list (raw type and protocols) and its cases.
struct SwiftEnumSyntax: Sendable, Hashable {
    /// The enum name.
    var name: String
    /// The line of `enum`.
    var line: Int
    /// The file it is declared in, when the import names its files.
    var file: String?
    /// The raw type and protocols, in order.
    var inherited: [String]
    /// Its cases, in order.
    var cases: [SwiftCaseSyntax] = []
    /// The first construct that keeps it from being decoded as synthesized (see
    /// `SwiftStructSyntax.refusal`).
    var refusal: SwiftImportError?
}

/// `typealias Name = Type`.
struct SwiftAliasSyntax: Sendable, Hashable {
    /// The alias's number among the declarations (see `SwiftStructSyntax.id`).
    var id: Int
    /// The alias name.
    var name: String
    /// The aliased type; nil when it is not a type the importer reads (`some View`), which
    /// `refusal` then says.
    var type: SwiftTypeSyntax?
    /// The line of `typealias`.
    var line: Int
    /// The file it is declared in, when the import names its files.
    var file: String?
    /// Why the aliased type cannot be read, when it cannot.
    var refusal: SwiftImportError?
}

/// The declarations of one or several files, merged: what names resolve against.
struct SwiftFileSyntax: Sendable {
    /// The top-level structs, in file order.
    var structs: [SwiftStructSyntax] = []
    /// The top-level enums.
    var enums: [SwiftEnumSyntax] = []
    /// The top-level type aliases.
    var aliases: [SwiftAliasSyntax] = []
    /// `init(from:)` written in an extension: the extended type's path (`["A", "ContentState"]`)
    /// and the error that names it.
    var customDecoders: [(path: [String], error: SwiftImportError)] = []
}

/// The first reason the source is outside the importer's subset, with its line.
struct SwiftImportError: Error, Sendable, Hashable {
    /// The import code.
    var code: ActivityTypeCode
    /// What is wrong, starting with `line N:` when it has a line.
    var message: String
    /// The 1-based line, when known.
    var line: Int?
    /// The file the line is in, when the import names its files.
    var file: String?
}

extension SwiftImportError {
    /// `line 4`, or `Timer.swift, line 4` when the import names its files: how every message
    /// starts.
    static func place(_ line: Int, file: String?) -> String {
        file.map { "\($0), line \(line)" } ?? "line \(line)"
    }
}
