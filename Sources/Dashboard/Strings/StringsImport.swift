import HTTPKit
import Localization
import Registry

/// The one import step the page and the API share: read the posted `Localizable.xcstrings`
/// and, only when it reads, store it as the catalog's next revision, noted for the audit trail
/// as `strings.import`. A file that does not read changes nothing.
struct StringsImport {
    /// The catalog registry written through.
    let registry: StringCatalogRegistry

    /// The catalog in `bytes` (a `.xcstrings` file, or a zip of `*.lproj` folders), stored;
    /// throws `CatalogReadError` when it does not read.
    func run(_ bytes: [UInt8], sourceName: String, by author: String) throws -> StringCatalog {
        let catalog = try Self.read(bytes, sourceName: sourceName)
        try registry.put(catalog, sourceName: sourceName, by: author)
        AuditedChanges.note(
            "strings.import", object: "/api/v1/strings",
            detail: "\(catalog.entries.count) keys, \(catalog.languages.count) languages from \(sourceName)")
        return catalog
    }

    /// The development language of a zip of `*.lproj` folders, which does not say it.
    static let zipSourceLanguage = "en"

    /// A zip archive is read as `*.lproj` folders (issue 27), anything else as
    /// `Localizable.xcstrings`.
    static func read(_ bytes: [UInt8], sourceName: String) throws(CatalogReadError) -> StringCatalog {
        guard LprojImport.isZip(bytes) else { return try XCStringsReader().read(bytes) }
        return try LprojImport(sourceLanguage: zipSourceLanguage).catalog(
            ofZip: bytes, sourceName: sourceName)
    }
}
