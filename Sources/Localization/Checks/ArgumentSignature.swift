/// The arguments a language's text reads: for each 1-based position, the kind of value, gathered
/// over every variation and substitution (each variation is a whole format string of its own).
public struct ArgumentSignature: Sendable, Hashable, CustomStringConvertible {
    /// Position → kind.
    public var kinds: [Int: ArgumentKind] = [:]
    /// Specifiers that are not specifiers, as written with why.
    public var malformed: [String] = []
    /// `%#@name@` names with no substitution.
    public var missingSubstitutions: [String] = []
    /// True when some text varies by plural, which needs a number.
    public var hasPlural = false

    /// The number of arguments read: the highest position.
    public var count: Int { kinds.keys.max() ?? 0 }

    /// The signature of `value`.
    public init(_ value: LocalizedValue) {
        add(value)
    }

    /// `%@, %lld` style, for messages.
    public var description: String {
        count == 0
            ? "no arguments"
            : (1...count).map { kinds[$0].map(Self.name) ?? "(unused)" }.joined(separator: ", ")
    }

    private static func name(_ kind: ArgumentKind) -> String {
        switch kind {
        case .object: "%@"
        case .integer: "an integer"
        case .floatingPoint: "a number"
        case .pointer: "a C string"
        }
    }

    private mutating func add(_ value: LocalizedValue) {
        if let unit = value.stringUnit { read(unit.value, substitutions: value.substitutions, own: false) }
        for set in value.variations {
            hasPlural = hasPlural || set.kind == "plural"
            for variation in set.cases {
                var inner = variation.value
                if inner.substitutions.isEmpty { inner.substitutions = value.substitutions }
                add(inner)
            }
        }
    }

    private mutating func read(_ text: String, substitutions: [Substitution], own: Bool) {
        var next = 1
        for token in FormatParser.tokens(text, allowsArgument: own) {
            switch token {
            case .specifier(let specifier):
                let position = specifier.position ?? next
                next = position + 1
                note(position, specifier.kind)
            case .substitution(let name, let position, let written):
                let at = position ?? next
                next = at + 1
                guard let substitution = substitutions.first(where: { $0.name == name }) else {
                    missingSubstitutions.append(written)
                    continue
                }
                let kind =
                    FormatParser.specifiers("%" + (substitution.formatSpecifier ?? "@")).first?.kind
                    ?? .object
                note(substitution.argumentNumber ?? at, kind)
                for set in substitution.variations {
                    hasPlural = hasPlural || set.kind == "plural"
                    for variation in set.cases {
                        for unit in variation.value.allUnits {
                            read(unit.value, substitutions: substitutions, own: true)
                        }
                    }
                }
            case .malformed(let written, let reason): malformed.append("\(written) (\(reason))")
            case .literal, .substitutionArgument: continue
            }
        }
    }

    private mutating func note(_ position: Int, _ kind: ArgumentKind) {
        if kinds[position] == nil { kinds[position] = kind }
    }
}
