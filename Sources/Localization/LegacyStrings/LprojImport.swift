/// Turns the `*.lproj` folders of an app (`en.lproj/Localizable.strings`,
/// `cs.lproj/Localizable.stringsdict`, …) into one catalog, as Xcode's migration does: a key's
/// `.stringsdict` value wins over its `.strings` text, comments come from the development
/// language, every unit is `translated` and every key `migrated`.
public struct LprojImport: Sendable {
    /// The development language (`Base.lproj` is read as it).
    public var sourceLanguage: String

    /// An import into a catalog whose development language is `sourceLanguage`.
    public init(sourceLanguage: String) {
        self.sourceLanguage = sourceLanguage
    }

    /// The catalog of `files`: each path ends in `<language>.lproj/<name>.strings` or
    /// `.stringsdict`; other files are ignored. Paths are read in the order given.
    public func catalog(_ files: [(path: String, bytes: [UInt8])]) throws(CatalogReadError) -> StringCatalog {
        var order: [String] = []
        var values: [String: [(language: String, value: LocalizedValue)]] = [:]
        var comments: [String: String] = [:]
        var problems: [CatalogProblem] = []
        func add(_ key: String, _ language: String, _ value: LocalizedValue) {
            if values[key] == nil { order.append(key) }
            values[key, default: []].removeAll { $0.language == language }
            values[key, default: []].append((language, value))
        }
        // The development language first, so its keys give the order; .strings before .stringsdict,
        // so a plural value replaces the plain text of the same key.
        let sorted = files.compactMap { file in Self.language(of: file.path).map { (file, $0) } }
            .map { ($0.0, $0.1 == "Base" ? sourceLanguage : $0.1) }
            .sorted { rank($0.0.path, $0.1) < rank($1.0.path, $1.1) }
        for (file, language) in sorted {
            do {
                if file.path.hasSuffix(".stringsdict") {
                    for (key, value) in try StringsDictReader().read(file.bytes, file: file.path) {
                        add(key, language, value)
                    }
                } else {
                    for pair in try StringsFileReader().read(file.bytes, file: file.path) {
                        add(pair.key, language, .text(pair.value))
                        if language == sourceLanguage, let comment = pair.comment {
                            comments[pair.key] = comment
                        }
                    }
                }
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw CatalogReadError(problems) }
        let entries = order.map { key in
            CatalogEntry(
                key: key, comment: comments[key], extractionState: "migrated",
                localizations: (values[key] ?? []).map {
                    Localization(language: $0.language, value: $0.value)
                })
        }
        return StringCatalog(sourceLanguage: sourceLanguage, entries: entries)
    }

    private func rank(_ path: String, _ language: String) -> Int {
        (language == sourceLanguage ? 0 : 2) + (path.hasSuffix(".stringsdict") ? 1 : 0)
    }

    /// The language of a path inside `<language>.lproj/`, for `.strings` and `.stringsdict` files.
    static func language(of path: String) -> String? {
        guard path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") else { return nil }
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        return String(parts[parts.count - 2].dropLast(".lproj".count))
    }
}
