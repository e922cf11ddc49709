public import Localization
public import Storage

/// The String Catalog's one owner, the twin of `ActivityCatalog`: it reads a file as the app
/// ships it, stores the catalog as `Localizable.xcstrings` JSON with a revision, and keeps an
/// immutable `StringCatalogSnapshot` every reader shares, through the same `SnapshotSource`.
public struct StringCatalogRegistry: Sendable {
    /// Where the revisions are stored.
    public let store: StringCatalogStore
    private let source: SnapshotSource<StringCatalogSnapshot>

    /// The registry of `store`.
    public init(store: StringCatalogStore) {
        self.store = store
        self.source = SnapshotSource(
            database: store.database, currentRevision: store.currentRevision,
            read: { _ in StringCatalogSnapshot(try store.current()) })
    }

    /// The catalog at its current revision.
    public func snapshot() throws -> StringCatalogSnapshot {
        try source.snapshot()
    }

    /// Stores `catalog` as the new revision (its `.xcstrings` text, which reads back to it),
    /// unless `expectedRevision` is given and no longer current.
    @discardableResult
    public func put(
        _ catalog: StringCatalog, sourceName: String, expectedRevision: Int? = nil, by author: String
    ) throws -> StringCatalogPutResult {
        let result = try store.put(
            document: XCStringsWriter().text(catalog), sourceName: sourceName,
            expectedRevision: expectedRevision,
            by: author)
        try source.refresh()
        return result
    }
}
