public import JSON

/// The stable codes of String Catalog findings, listed in `docs/validation-rules.md`: what a
/// push's `loc-key` will show on the device, checked against the app's catalog.
public enum LocalizationCode: String, DiagnosticCode {
    /// The key is in no language of the catalog: iOS shows the key itself.
    case missingKey = "strings.missing-key"
    /// Xcode marked the key `stale` (no source file uses it) and removes it with the stale keys.
    case staleKey = "strings.stale-key"
    /// A language's text is `new` or `needs_review`: not translated or not checked yet.
    case needsReview = "strings.needs-review"
    /// Some languages have no text for the key: iOS shows the development language there.
    case missingLanguages = "strings.missing-languages"
    /// Languages read different arguments (count or kind) for the same key.
    case argumentsDiffer = "strings.arguments-differ"
    /// The text reads more arguments than the payload's `loc-args` gives.
    case tooFewArguments = "strings.too-few-arguments"
    /// The payload's `loc-args` gives more arguments than the text reads.
    case unusedArguments = "strings.unused-arguments"
    /// A number specifier (`%d`, `%lld`, `%f`) reads a push's string argument.
    case numericArgument = "strings.numeric-argument"
    /// A plural variation needs a number a push cannot supply; iOS shows `other`.
    case pluralNeedsNumber = "strings.plural-needs-number"
    /// A `%` that is not a format specifier (`%1@`, `%y`, a trailing `%`).
    case malformedSpecifier = "strings.malformed-specifier"
    /// A key marked `shouldTranslate: false` used as a push's key.
    case notTranslatable = "strings.not-translatable"
    /// A `%#@name@` with no substitution of that name in the language.
    case missingSubstitution = "strings.missing-substitution"
    /// An imported catalog file that does not read; the finding has its line and column.
    case unreadable = "strings.unreadable"

    /// How bad each finding is.
    public var severity: Severity {
        switch self {
        case .missingKey, .tooFewArguments, .malformedSpecifier, .missingSubstitution, .unreadable: .error
        default: .warning
        }
    }
}
