import JSON

/// The codes of importing an app's Live Activity types from Swift source or a JSON Schema,
/// one table for both importers (`docs/validation-rules.md`, "Live Activity types").
public enum ActivityTypeCode: String, DiagnosticCode {
    /// The Swift text cannot be read: an unclosed string, comment or brace, an unexpected token.
    case swiftSyntax = "activities.swift.syntax"
    /// A Swift construct outside the supported subset (a computed property, a generic type, a
    /// method, a property wrapper, an enum without raw values…); the message names its line.
    case swiftUnsupported = "activities.swift.unsupported"
    /// A property's type is neither a supported Swift type nor declared in the file.
    case swiftUnknownType = "activities.swift.unknown-type"
    /// The source declares no struct conforming to `ActivityAttributes`, or one without a
    /// `ContentState`.
    case swiftNoAttributes = "activities.swift.no-attributes"
    /// A type that contains itself, directly or through others (`var next: ContentState?`,
    /// `[Node]`, A → B → A): the message names the type, its line and the chain.
    case swiftRecursive = "activities.swift.recursive"
    /// An `#if` condition the importer cannot decide for an iOS app build (a custom flag,
    /// `canImport` of a third-party module) whose branches declare different decoded types.
    case swiftUndecidedCondition = "activities.swift.undecided-condition"
    /// An `Int` raw value that does not fit in `Int`, or an implicit one after `Int.max`.
    case swiftRawValueRange = "activities.swift.raw-value-range"
    /// Nesting deeper than `ActivityTypeLimits.maximumDepth` (64) levels: declarations, type
    /// expressions or values, in Swift or in a schema.
    case tooDeep = "activities.too-deep"
    /// A type whose expanded form has more than `ActivityTypeLimits.maximumSize` (10 000) values.
    case tooLarge = "activities.too-large"
    /// The type's stored JSON Schema would not read back as the same type: nothing is stored.
    case storedForm = "activities.stored-form"
    /// The schema is not JSON, or a keyword has the wrong JSON type.
    case schemaInvalid = "activities.schema.invalid"
    /// A schema keyword outside the supported draft 2020-12 subset (`oneOf`, `patternProperties`…).
    case schemaUnsupported = "activities.schema.unsupported"
    /// A `$ref` that is not `#/$defs/<name>`, names no definition, or refers to itself.
    case schemaReference = "activities.schema.ref"
    /// The schema lacks `title` (the attributes type name) or the `attributes` and
    /// `content-state` properties.
    case schemaShape = "activities.schema.shape"
    /// Two imported types have the same name; the first is kept.
    case duplicateType = "activities.duplicate-type"

    /// Every import finding is an error except a repeated name, which keeps the first.
    public var severity: Severity {
        self == .duplicateType ? .warning : .error
    }
}
