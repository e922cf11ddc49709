import HTTPKit
import Localization
import Registry

/// The one import step the page and the API share: read the posted `Localizable.xcstrings`
/// and, only when it reads, store it as the catalog's next revision, noted for the audit trail
/// as `strings.import`. A file that does not read changes nothing.
struct StringsImport {
    /// The catalog registry written through.
    let registry: StringCatalogRegistry

    /// The catalog in `bytes`, stored; throws `CatalogReadError` when it does not read.
    func run(_ bytes: [UInt8], sourceName: String, by author: String) throws -> StringCatalog {
        let catalog = try XCStringsReader().read(bytes)
        try registry.put(catalog, sourceName: sourceName, by: author)
        AuditedChanges.note(
            "strings.import", object: "/api/v1/strings",
            detail: "\(catalog.entries.count) keys, \(catalog.languages.count) languages from \(sourceName)")
        return catalog
    }
}
