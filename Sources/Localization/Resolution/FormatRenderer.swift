import JSON

/// Puts a push's string arguments into a localized value as `String(format:)` would, picking the
/// variation iOS picks: the device's case (else `other`), and `other` for plurals, since a push's
/// arguments are strings and a plural needs a number.
struct FormatRenderer {
    let arguments: [String]
    let device: String
    let path: String
    /// The findings made while rendering.
    private(set) var diagnostics: [Diagnostic] = []
    private var next = 0
    private var noted: Set<String> = []

    init(arguments: [String], device: String, path: String) {
        self.arguments = arguments
        self.device = device
        self.path = path
    }

    /// The text of `value`, its variation picked and its arguments put in.
    mutating func render(_ value: LocalizedValue) -> String {
        let picked = pick(value)
        return format(picked.stringUnit?.value ?? "", substitutions: picked.substitutions, ownArgument: nil)
    }

    /// The text of the case iOS shows, its specifiers left as written.
    mutating func pickedText(_ value: LocalizedValue) -> String {
        pick(value).stringUnit?.value ?? ""
    }

    /// The case of the value's variations iOS shows, followed down to a text.
    private mutating func pick(_ value: LocalizedValue) -> LocalizedValue {
        guard let set = value.variations.first else { return value }
        let name = caseName(in: set)
        guard let chosen = set.variation(name) ?? set.cases.last?.value else { return value }
        var result = pick(chosen)
        if result.substitutions.isEmpty { result.substitutions = value.substitutions }
        return result
    }

    private mutating func caseName(in set: VariationSet) -> String {
        if set.kind == "device" { return set.variation(device) != nil ? device : "other" }
        if set.kind == "plural" {
            note(
                .pluralNeedsNumber,
                "a plural variation needs a number and a push's arguments are text: iOS shows \"other\"")
        }
        return "other"
    }

    private mutating func format(_ text: String, substitutions: [Substitution], ownArgument: String?)
        -> String
    {
        var output = ""
        for token in FormatParser.tokens(text, allowsArgument: ownArgument != nil) {
            switch token {
            case .literal(let literal): output += literal
            case .substitutionArgument: output += ownArgument ?? ""
            case .malformed(let written, let reason):
                note(.malformedSpecifier, reason)
                output += written
            case .specifier(let specifier):
                output += argument(specifier.position, kind: specifier.kind, written: specifier.text)
            case .substitution(let name, let position, let written):
                guard let substitution = substitutions.first(where: { $0.name == name }) else {
                    note(.missingSubstitution, "\(written) names no substitution \"\(name)\"")
                    output += written
                    continue
                }
                let number = substitution.argumentNumber ?? position
                let kind =
                    FormatParser.specifiers("%" + (substitution.formatSpecifier ?? "@")).first?.kind
                    ?? .object
                let own = argument(number, kind: kind, written: written)
                let chosen = pick(LocalizedValue(variations: substitution.variations))
                output += format(
                    chosen.stringUnit?.value ?? "", substitutions: substitutions, ownArgument: own)
            }
        }
        return output
    }

    /// The argument at `position` (or the next one), as the device shows it.
    private mutating func argument(_ position: Int?, kind: ArgumentKind, written: String) -> String {
        let index = position.map { $0 - 1 } ?? next
        next = index + 1
        guard arguments.indices.contains(index) else {
            note(
                .tooFewArguments, "\(written) reads argument \(index + 1) and loc-args has \(arguments.count)"
            )
            return kind == .object ? "(null)" : "0"
        }
        if kind != .object {
            note(
                .numericArgument, "\(written) reads a number and loc-args are text: iOS shows the text as is")
        }
        return arguments[index]
    }

    private mutating func note(_ code: LocalizationCode, _ message: String) {
        guard noted.insert(code.rawValue + message).inserted else { return }
        diagnostics.append(Diagnostic(code, path: path, message: message))
    }
}
