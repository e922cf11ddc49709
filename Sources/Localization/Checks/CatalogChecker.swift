public import JSON

/// The catalog checks: what a push's `loc-key` will show, checked against the app's catalog before
/// it is sent (each finding a `LocalizationCode`, documented in `docs/validation-rules.md`).
public struct CatalogChecker: Sendable {
    /// The app's catalog.
    public var catalog: StringCatalog

    /// A checker for `catalog`.
    public init(catalog: StringCatalog) {
        self.catalog = catalog
    }

    /// The findings about `key` used by a push at `path`, with its `loc-args` (at `argumentsPath`)
    /// when the payload has them.
    public func check(key: String, arguments: [String], path: String, argumentsPath: String) -> [Diagnostic] {
        guard let entry = catalog.entry(key) else {
            let message = "\"\(key)\" is in no language of the catalog: iOS will show the raw key"
            return [Diagnostic(LocalizationCode.missingKey, path: path, message: message)]
        }
        var findings: [Diagnostic] = []
        if entry.isStale {
            let message =
                "\"\(key)\" is stale in the catalog (no source file uses it): Xcode will remove it with the "
                + "stale strings and iOS will show the raw key. Mark it manual"
            findings.append(Diagnostic(LocalizationCode.staleKey, path: path, message: message))
        }
        if entry.shouldTranslate == false {
            let message = "\"\(key)\" is marked Don't Translate: every language shows the development text"
            findings.append(Diagnostic(LocalizationCode.notTranslatable, path: path, message: message))
        }
        findings += check(entry, path: path)
        let source = CatalogResolver.usable(entry.localization(catalog.sourceLanguage)) ?? .text(key)
        findings += check(arguments: arguments, against: ArgumentSignature(source), path: argumentsPath)
        return findings
    }

    /// The findings about one entry on its own: translation states, missing languages, malformed
    /// specifiers and arguments that differ across languages.
    public func check(_ entry: CatalogEntry, path: String) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let review = entry.localizations.filter { $0.value.allUnits.contains(where: \.needsWork) }
            .map { "\($0.language) (\($0.value.allUnits.first(where: \.needsWork)?.state ?? ""))" }
        if !review.isEmpty {
            let message =
                "\"\(entry.key)\" is not translated or not reviewed in " + review.joined(separator: ", ")
            findings.append(Diagnostic(LocalizationCode.needsReview, path: path, message: message))
        }
        let missing = missingLanguages(entry)
        if !missing.isEmpty, entry.shouldTranslate != false {
            let message =
                "\"\(entry.key)\" has no text in \(missing.joined(separator: ", ")): iOS shows the "
                + "development language (\(catalog.sourceLanguage)) there"
            findings.append(Diagnostic(LocalizationCode.missingLanguages, path: path, message: message))
        }
        let signatures = entry.localizations.map { ($0.language, ArgumentSignature($0.value)) }
        for (language, signature) in signatures {
            for written in signature.malformed {
                findings.append(
                    Diagnostic(
                        LocalizationCode.malformedSpecifier, path: path, message: "\(language): \(written)"))
            }
            for written in signature.missingSubstitutions {
                let message = "\(language): \(written) names no substitution of the key"
                findings.append(
                    Diagnostic(LocalizationCode.missingSubstitution, path: path, message: message))
            }
        }
        let reference =
            signatures.first { $0.0 == catalog.sourceLanguage }?.1
            ?? ArgumentSignature(.text(entry.key))
        let differing = signatures.filter { $0.1.kinds != reference.kinds }
        if !differing.isEmpty {
            let list = differing.map { "\($0.0) reads \($0.1)" }.joined(separator: "; ")
            let message =
                "\"\(entry.key)\": \(catalog.sourceLanguage) reads \(reference) but \(list)"
            findings.append(Diagnostic(LocalizationCode.argumentsDiffer, path: path, message: message))
        }
        return findings
    }

    /// The catalog's languages in which `entry` has no text iOS would use.
    public func missingLanguages(_ entry: CatalogEntry) -> [String] {
        catalog.languages.filter { language in
            language != catalog.sourceLanguage && CatalogResolver.usable(entry.localization(language)) == nil
        }
    }

    private func check(arguments: [String], against signature: ArgumentSignature, path: String)
        -> [Diagnostic]
    {
        var findings: [Diagnostic] = []
        if arguments.count < signature.count {
            let message =
                "the text reads \(signature.count) arguments (\(signature)) and loc-args has \(arguments.count)"
            findings.append(Diagnostic(LocalizationCode.tooFewArguments, path: path, message: message))
        } else if arguments.count > signature.count {
            let message = "loc-args has \(arguments.count) arguments and the text reads \(signature.count)"
            findings.append(Diagnostic(LocalizationCode.unusedArguments, path: path, message: message))
        }
        let numeric = signature.kinds.filter { $0.value != .object }.keys.sorted()
        if !numeric.isEmpty {
            let message =
                "argument \(numeric.map(String.init).joined(separator: ", ")) is read as a number and loc-args "
                + "are text: iOS shows the text as is"
            findings.append(Diagnostic(LocalizationCode.numericArgument, path: path, message: message))
        }
        if signature.hasPlural {
            let message =
                "the text varies by plural, which needs a number a push cannot send: iOS shows \"other\""
            findings.append(Diagnostic(LocalizationCode.pluralNeedsNumber, path: path, message: message))
        }
        return findings
    }
}
