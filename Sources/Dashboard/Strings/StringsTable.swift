import JSON
import Localization
import Templates

/// The catalog as the `/strings` table shows it: one row per key with its development-language
/// text (as iOS shows it on an iPhone, arguments as written), its comment, its state in every
/// language and the catalog checks of the key.
struct StringsTable {
    /// The catalog shown.
    let catalog: StringCatalog

    /// The template values: `languages`, `rows`, `keyCount`, `sourceLanguage`.
    var values: [String: TemplateValue] {
        let languages = catalog.languages
        let checker = CatalogChecker(catalog: catalog)
        let rows: [TemplateValue] = catalog.entries.map { entry in
            var findings = checker.check(entry, path: "$")
            if entry.isStale {
                findings.insert(
                    Diagnostic(
                        LocalizationCode.staleKey, path: "$",
                        message:
                            "stale: Xcode removes it with the stale strings; mark it manual if pushes use it"),
                    at: 0)
            }
            return [
                "key": .string(entry.key.isEmpty ? "(empty key)" : entry.key),
                "text": .string(Self.sourceText(entry, catalog)),
                "comment": .string(entry.comment ?? ""),
                "extraction": .string(entry.extractionState ?? "extracted"),
                "translatable": .bool(entry.shouldTranslate != false),
                "states": .list(languages.map { language in Self.state(entry, language) }),
                "findings": .list(
                    findings.map {
                        [
                            "severity": .string($0.severity.rawValue), "code": .string($0.code),
                            "message": .string($0.message),
                        ]
                    }),
                "hasFindings": .bool(!findings.isEmpty),
            ]
        }
        return [
            "languages": .list(languages.map { ["language": .string($0)] }),
            "rows": .list(rows), "keyCount": .int(rows.count),
            "sourceLanguage": .string(catalog.sourceLanguage),
            "languageCount": .int(languages.count),
        ]
    }

    /// The development-language text (the key itself when it has none, as Xcode compiles it).
    private static func sourceText(_ entry: CatalogEntry, _ catalog: StringCatalog) -> String {
        guard let value = entry.localization(catalog.sourceLanguage) else { return entry.key }
        return value.stringUnit?.value ?? value.allUnits.last?.value ?? entry.key
    }

    /// One language's cell: the unit state, `missing`, or `—` for the development language's
    /// implicit text.
    private static func state(_ entry: CatalogEntry, _ language: String) -> TemplateValue {
        let units = entry.localization(language)?.allUnits ?? []
        let state: String
        if units.isEmpty {
            state = entry.shouldTranslate == false ? "not translated" : "missing"
        } else if let pending = units.first(where: \.needsWork) {
            state = pending.state == "new" && pending.value.isEmpty ? "missing" : pending.state
        } else {
            state = units.first?.state ?? "translated"
        }
        return [
            "language": .string(language), "state": .string(state),
            "css": .string(state.replacingOccurrences(of: " ", with: "-")),
        ]
    }
}
