import JSON

/// Resolves a push's `loc-key` and `loc-args` in one language as iOS does: the language's text,
/// else the development language's, else the key itself; then the variation iOS picks and the
/// arguments put in.
public struct CatalogResolver: Sendable {
    /// The app's catalog.
    public var catalog: StringCatalog
    /// The device variation to pick (`iphone`; `other` when the key has none for it).
    public var device: String

    /// A resolver for the catalog on a device idiom.
    public init(catalog: StringCatalog, device: String = "iphone") {
        self.catalog = catalog
        self.device = device
    }

    /// The text of `key` with `arguments` in `language`; diagnostics point at `path`.
    public func resolve(
        key: String, arguments: [String], language: String, path: String = "$"
    ) -> ResolvedText {
        guard let entry = catalog.entry(key) else {
            let message = "\"\(key)\" is in no language of the catalog: iOS will show the raw key"
            return ResolvedText(
                text: key, language: nil, fellBack: false,
                diagnostics: [Diagnostic(LocalizationCode.missingKey, path: path, message: message)])
        }
        var used = language
        var value = Self.usable(entry.localization(language))
        if value == nil, language != catalog.sourceLanguage {
            used = catalog.sourceLanguage
            value = Self.usable(entry.localization(catalog.sourceLanguage))
        }
        // Xcode compiles a key without development-language text with the key as its text.
        var formatter = FormatRenderer(arguments: arguments, device: device, path: path)
        let text = formatter.render(value ?? .text(key))
        return ResolvedText(
            text: text, language: used, fellBack: used != language, diagnostics: formatter.diagnostics)
    }

    /// The text iOS uses for `key` in `language` before any argument is put in: the language's
    /// (else the development language's) text with its variation picked, nil when the key is in
    /// no language. For texts the app formats itself (a category's hidden-previews placeholder
    /// with `%u`) or that have no arguments (action titles registered through the catalog).
    public func format(of key: String, language: String) -> String? {
        guard let entry = catalog.entry(key) else { return nil }
        let value =
            Self.usable(entry.localization(language))
            ?? Self.usable(entry.localization(catalog.sourceLanguage))
        var formatter = FormatRenderer(arguments: [], device: device, path: "$")
        return formatter.pickedText(value ?? .text(key))
    }

    /// The value when it holds text iOS would use: an untranslated (`new`) empty unit does not,
    /// and Xcode leaves it out of the language's compiled table.
    static func usable(_ value: LocalizedValue?) -> LocalizedValue? {
        guard let value else { return nil }
        if value.variations.isEmpty, let unit = value.stringUnit, unit.value.isEmpty, unit.state == "new" {
            return nil
        }
        if value.variations.isEmpty, value.stringUnit == nil { return nil }
        return value
    }
}
