public import NotificationKit
public import Storage

/// The Live Activity type registry's one owner, the twin of `CategoryCatalog`: it stores the
/// types (each read back before it is stored), decodes them once per revision, and keeps an
/// immutable `ActivitySnapshot` every reader shares, through the same `SnapshotSource`.
public struct ActivityCatalog: Sendable {
    /// Where the documents are stored.
    public let store: ActivityTypeStore
    private let source: SnapshotSource<ActivitySnapshot>

    /// The catalog of `store`.
    public init(store: ActivityTypeStore) {
        self.store = store
        self.source = SnapshotSource(
            database: store.database, currentRevision: store.currentRevision,
            read: { previous in ActivitySnapshot(try store.registry(), reusing: previous) })
    }

    /// The registry at its current revision.
    public func snapshot() throws -> ActivitySnapshot {
        try source.snapshot()
    }

    /// The types payloads are checked against, at the current revision.
    public func types() throws -> ActivityTypeSet {
        try snapshot().types
    }

    /// Creates `type` or replaces the one of its name, keeping `text` (the imported source) with
    /// it. Throws `RegistryRefusal.invalid` when its stored form would not read back.
    @discardableResult
    public func put(
        _ type: ActivityAttributesType, source text: String, format: ActivityTypeImport.Format,
        by author: String
    ) throws -> ActivityTypePutResult {
        let document = try type.storedDocument(source: text, format: format)
        let result = try store.put(document, by: author)
        try source.refresh()
        return result
    }

    /// Deletes the type named exactly `name`; false when there is none.
    @discardableResult
    public func delete(_ name: String, by author: String) throws -> Bool {
        let deleted = try store.delete(name, by: author)
        if deleted { try source.refresh() }
        return deleted
    }
}
