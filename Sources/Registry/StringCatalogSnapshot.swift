public import Localization
public import NotificationKit
public import Storage

/// The app's String Catalog at one revision, read once: what the validator, the composer's
/// language picker, the pages and the command line use instead of reading the database.
public struct StringCatalogSnapshot: RevisionedSnapshot {
    /// The catalog revision this snapshot shows (0 before the first import).
    public let revision: Int
    /// The stored revision, nil before the first import.
    public let stored: StoredStringCatalog?
    /// The catalog read, nil before the first import (or when the stored text no longer reads).
    public let catalog: StringCatalog?
    /// Why the stored text no longer reads, when it does not.
    public let unreadable: CatalogReadError?

    /// The snapshot of `stored`.
    init(_ stored: StoredStringCatalog?) {
        self.revision = stored?.revision ?? 0
        self.stored = stored
        var catalog: StringCatalog?
        var unreadable: CatalogReadError?
        if let stored {
            do {
                catalog = try XCStringsReader().read(Array(stored.document.utf8))
            } catch {
                unreadable = error
            }
        }
        self.catalog = catalog
        self.unreadable = unreadable
    }

    /// The checker the validator uses, nil when no catalog is loaded.
    public var localizedKeys: (any LocalizedKeyChecking)? {
        catalog.map { CatalogChecker(catalog: $0) }
    }
}

extension CatalogChecker: LocalizedKeyChecking {}
