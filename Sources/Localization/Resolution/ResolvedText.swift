public import JSON

/// What iOS shows for a key in one language, and how it got there.
public struct ResolvedText: Sendable, Hashable {
    /// The text as the device shows it.
    public var text: String
    /// The language whose text was used; nil when the key is in no language (the raw key shows).
    public var language: String?
    /// True when the asked language has no text and the development language's was used.
    public var fellBack: Bool
    /// What went wrong or was guessed while formatting (each a `LocalizationCode`).
    public var diagnostics: [Diagnostic]

    /// A result from its parts.
    public init(text: String, language: String?, fellBack: Bool, diagnostics: [Diagnostic]) {
        self.text = text
        self.language = language
        self.fellBack = fellBack
        self.diagnostics = diagnostics
    }
}
