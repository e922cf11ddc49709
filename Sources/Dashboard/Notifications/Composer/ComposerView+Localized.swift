import Localization
import Templates

/// The composer's "Localized" fields (issue 27): a key of the app's String Catalog and its
/// arguments for the title, subtitle and body, with the catalog's keys offered in a datalist,
/// each with its development-language text and comment, so the list is searchable by either.
extension ComposerView {
    static let locKeyHint =
        "A key of the app's String Catalog: iOS shows its text in the user's language instead of the text above. Type to search the keys, their development-language text and comments."
    static let locArgsHint = "The key's arguments, one a line (strings only: iOS puts them into %@, %1$@, …)."

    /// The most keys the datalist offers: a catalog with more is still checked in full.
    static let maximumLocKeyOptions = 2000

    /// The datalist's options of `catalog`: each key with "development text · comment".
    static func locKeyOptions(of catalog: StringCatalog?) -> [(key: String, label: String)] {
        guard let catalog else { return [] }
        let resolver = CatalogResolver(catalog: catalog, device: "iphone")
        return catalog.entries.prefix(maximumLocKeyOptions).map { entry in
            let text = resolver.format(of: entry.key, language: catalog.sourceLanguage) ?? ""
            let parts = [text, entry.comment ?? ""].filter { !$0.isEmpty }
            return (entry.key, String(parts.joined(separator: " · ").prefix(160)))
        }
    }

    static let localizedLegend = "Localized (the app's String Catalog)"

    /// The localized fields are folded away until they can be of use: a workspace without a
    /// String Catalog has no keys to offer, and six empty fields would only push the rest of the
    /// form down. They are open with a catalog loaded, or when the payload already uses a key.
    var localizedGroupIsOpen: Bool {
        let localizedFields: [ComposerField] = [
            .titleLocKey, .titleLocArgs, .subtitleLocKey, .subtitleLocArgs, .bodyLocKey, .bodyLocArgs,
        ]
        return !locKeyOptions.isEmpty || localizedFields.contains { !fields[$0].isEmpty }
    }

    /// `locKeys`: `[{key, label}]`.
    func locKeysValue() -> TemplateValue {
        .list(locKeyOptions.map { ["key": .string($0.key), "label": .string($0.label)] })
    }
}
