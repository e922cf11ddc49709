public import JSON

/// A text with its variations: a `stringUnit`, or `variations` (plural, device) whose cases are
/// themselves localized values, plus the `substitutions` the text names with `%#@name@`.
public struct LocalizedValue: Sendable, Hashable {
    /// The text and its translation state, when this level has one.
    public var stringUnit: StringUnit?
    /// The variation sets of this level (Xcode writes one: `plural` or `device`).
    public var variations: [VariationSet]
    /// The `%#@name@` substitutions the text refers to.
    public var substitutions: [Substitution]
    /// Members the model does not name.
    public var extra: [JSONMember]

    /// A value from its parts.
    public init(
        stringUnit: StringUnit? = nil, variations: [VariationSet] = [], substitutions: [Substitution] = [],
        extra: [JSONMember] = []
    ) {
        self.stringUnit = stringUnit
        self.variations = variations
        self.substitutions = substitutions
        self.extra = extra
    }

    /// A plain translated text.
    public static func text(_ value: String, state: String = "translated") -> LocalizedValue {
        LocalizedValue(stringUnit: StringUnit(state: state, value: value))
    }

    /// Every string unit at this level and below (variations, substitutions), in order.
    public var allUnits: [StringUnit] {
        var units: [StringUnit] = stringUnit.map { [$0] } ?? []
        for set in variations { for variation in set.cases { units += variation.value.allUnits } }
        for substitution in substitutions {
            for set in substitution.variations {
                for variation in set.cases { units += variation.value.allUnits }
            }
        }
        return units
    }
}

/// A text and how far its translation is (`stringUnit`).
public struct StringUnit: Sendable, Hashable {
    /// `translated`, `new`, `needs_review`, `stale`, or what a later Xcode writes.
    public var state: String
    /// The text, with its format specifiers.
    public var value: String
    /// Members the model does not name.
    public var extra: [JSONMember]

    /// A unit from its parts.
    public init(state: String, value: String, extra: [JSONMember] = []) {
        self.state = state
        self.value = value
        self.extra = extra
    }

    /// True when a translator still has to look at it (`new`, `needs_review`).
    public var needsWork: Bool { state == "new" || state == "needs_review" }
}

/// One set of variations: `plural` (zero, one, two, few, many, other) or `device` (iphone, ipad,
/// mac, applewatch, appletv, applevision, ipod, other).
public struct VariationSet: Sendable, Hashable {
    /// `plural`, `device`, or what a later Xcode writes.
    public var kind: String
    /// The cases in file order.
    public var cases: [Variation]

    /// A set from its parts.
    public init(kind: String, cases: [Variation]) {
        self.kind = kind
        self.cases = cases
    }

    /// The case named `name`, when the set has it.
    public func variation(_ name: String) -> LocalizedValue? {
        cases.first { $0.name == name }?.value
    }
}

/// One case of a variation set (`one`, `other`, `iphone`, …).
public struct Variation: Sendable, Hashable {
    /// The case name.
    public var name: String
    /// Its text (which may vary further: a device case with plural cases).
    public var value: LocalizedValue

    /// A case from its parts.
    public init(name: String, value: LocalizedValue) {
        self.name = name
        self.value = value
    }
}

/// A `%#@name@` substitution: which argument drives it and the variations of its text.
public struct Substitution: Sendable, Hashable {
    /// The name written between `%#@` and `@`.
    public var name: String
    /// The 1-based argument it reads (`argNum`).
    public var argumentNumber: Int?
    /// The specifier of that argument without `%` (`lld`, `@`, `f`).
    public var formatSpecifier: String?
    /// Its variations (usually `plural`).
    public var variations: [VariationSet]
    /// Members the model does not name.
    public var extra: [JSONMember]

    /// A substitution from its parts.
    public init(
        name: String, argumentNumber: Int?, formatSpecifier: String?, variations: [VariationSet],
        extra: [JSONMember] = []
    ) {
        self.name = name
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.variations = variations
        self.extra = extra
    }
}
