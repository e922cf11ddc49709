/// The JSON shape one Swift value takes under `JSONDecoder`'s default strategies, which are
/// the strategies ActivityKit decodes `content-state` and `attributes` with ([LA]: "the system
/// always decodes … using its default encoding strategies").
///
/// It covers the documented subset of an app's `ActivityAttributes` (issue 14): the scalar
/// types, optionals, arrays, String-keyed dictionaries, nested structs and raw-value enums.
/// Swift forbids recursive value types, so the tree is finite.
public indirect enum ActivityValueType: Sendable, Hashable {
    /// `String`: a JSON string.
    case string
    /// `Int`: a JSON number without a fraction.
    case int
    /// `Double`: any JSON number.
    case double
    /// `Decimal`: any JSON number (`JSONDecoder` reads it from the number text).
    case decimal
    /// `Bool`: `true` or `false`.
    case bool
    /// `Date`: a number of seconds since 1 January 2001 (the default `deferredToDate`).
    case date
    /// `URL`: a string that parses as a URL.
    case url
    /// `UUID`: a string in 8-4-4-4-12 hex form.
    case uuid
    /// `T?`: the key may be absent or `null`.
    case optional(ActivityValueType)
    /// `[T]`: a JSON array.
    case array(ActivityValueType)
    /// `[String: T]`: a JSON object with any keys.
    case dictionary(ActivityValueType)
    /// A nested struct: a JSON object with its declared keys.
    case object(ActivityObjectType)
    /// A `String` or `Int` raw-value enum: one of its raw values.
    case enumeration(ActivityEnumType)
    /// `ClosedRange<T>` (`closed`) or `Range<T>`: a two-element array `[lower, upper]`, with
    /// `lower <= upper` (the decoder refuses the range otherwise).
    case range(ActivityValueType, closed: Bool)
    /// An enum without a raw type: since Swift 5.5 synthesized `Codable` writes it as an
    /// object with one key, the case name, holding its associated values by label (`_0`, `_1`
    /// for unlabelled ones).
    case cases(ActivityCaseEnumType)

    /// True for `T?`: the key may be left out.
    public var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    /// The type without one level of `?`.
    public var unwrapped: ActivityValueType {
        if case .optional(let wrapped) = self { wrapped } else { self }
    }

    /// The type as Swift spells it, for messages (`[String: Int]?`, `Date`, `Status`).
    public var swiftName: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case .date: "Date"
        case .url: "URL"
        case .uuid: "UUID"
        case .optional(let wrapped): wrapped.swiftName + "?"
        case .array(let element): "[" + element.swiftName + "]"
        case .dictionary(let value): "[String: " + value.swiftName + "]"
        case .object(let object): object.name
        case .enumeration(let enumeration): enumeration.name
        case .range(let bound, let closed): (closed ? "ClosedRange<" : "Range<") + bound.swiftName + ">"
        case .cases(let enumeration): enumeration.name
        }
    }
}

/// A struct of the app's activity types: its name and its coded properties, in order.
public struct ActivityObjectType: Sendable, Hashable {
    /// The Swift type name (`ContentState`, `Driver`).
    public var name: String
    /// The properties that take part in coding, with their JSON keys.
    public var fields: [ActivityField]

    /// A struct named `name` with `fields`.
    public init(name: String, fields: [ActivityField]) {
        self.name = name
        self.fields = fields
    }

    /// The field coded under `key` (keys compare byte for byte, as `JSONDecoder` does).
    public func field(forKey key: String) -> ActivityField? {
        fields.first { $0.key.utf8.elementsEqual(key.utf8) }
    }
}

/// One coded property: its JSON key (after `CodingKeys`), its type and where it was declared.
public struct ActivityField: Sendable, Hashable {
    /// The key in the JSON object (the `CodingKeys` raw value, else the property name).
    public var key: String
    /// The property's type.
    public var type: ActivityValueType
    /// The 1-based line of the declaration in the imported source, when known.
    public var line: Int?

    /// A field coded under `key`.
    public init(key: String, type: ActivityValueType, line: Int? = nil) {
        self.key = key
        self.type = type
        self.line = line
    }

    /// Two fields are the same when key and type are: where they were written does not matter.
    public static func == (lhs: ActivityField, rhs: ActivityField) -> Bool {
        lhs.key == rhs.key && lhs.type == rhs.type
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(type)
    }
}

/// A raw-value enum: a JSON string or integer that must be one of the raw values.
public struct ActivityEnumType: Sendable, Hashable {
    /// Whether the raw values are strings or integers.
    public enum RawType: String, Sendable, Hashable {
        /// `enum X: String`.
        case string = "String"
        /// `enum X: Int`.
        case int = "Int"
    }

    /// The Swift type name.
    public var name: String
    /// `String` or `Int`.
    public var rawType: RawType
    /// Every raw value, in declaration order, as text (`"shipped"`, `"2"`).
    public var rawValues: [String]

    /// An enum named `name` with these raw values.
    public init(name: String, rawType: RawType, rawValues: [String]) {
        self.name = name
        self.rawType = rawType
        self.rawValues = rawValues
    }
}

/// An enum without a raw type, coded by case name: each case is an object of its associated
/// values (empty for a case without them), as `ActivityObjectType` holds a struct's fields.
public struct ActivityCaseEnumType: Sendable, Hashable {
    /// The Swift type name.
    public var name: String
    /// The cases in declaration order: each named by the case, its fields the associated values.
    public var cases: [ActivityObjectType]

    /// An enum named `name` with `cases`.
    public init(name: String, cases: [ActivityObjectType]) {
        self.name = name
        self.cases = cases
    }

    /// The case named exactly `name`.
    public func `case`(named name: String) -> ActivityObjectType? {
        cases.first { $0.name.utf8.elementsEqual(name.utf8) }
    }
}
