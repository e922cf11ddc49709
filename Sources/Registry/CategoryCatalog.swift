import NotificationKit
public import Storage

/// The category registry's one owner: it stores and decodes the documents, runs the checks
/// across the registry, and keeps an immutable `RegistrySnapshot` of the current revision that
/// every reader shares, through the registry's one snapshot mechanism (`SnapshotSource`, shared
/// with `ActivityCatalog`).
public struct CategoryCatalog: Sendable {
    /// Where the documents are stored.
    public let store: CategoryStore
    private let source: SnapshotSource<RegistrySnapshot>

    /// The catalog of `store`.
    public init(store: CategoryStore) {
        self.store = store
        self.source = SnapshotSource(
            database: store.database, currentRevision: store.currentRevision,
            read: { previous in RegistrySnapshot(try store.registry(), reusing: previous) })
    }

    /// The registry at its current revision.
    public func snapshot() throws -> RegistrySnapshot {
        try source.snapshot()
    }

    /// The snapshot of the registry a write transaction sees: the one held when it is at that
    /// revision, so a check inside the transaction decodes nothing that has not changed.
    func snapshot(of stored: CategoryRegistry) -> RegistrySnapshot {
        let held = source.held
        if let held, held.revision == stored.revision { return held }
        return RegistrySnapshot(stored, reusing: held)
    }

    /// Reads the registry again after a committed write and installs it.
    @discardableResult
    func refresh() throws -> RegistrySnapshot {
        try source.refresh()
    }
}
