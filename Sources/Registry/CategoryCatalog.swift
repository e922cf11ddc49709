import NotificationKit
public import Storage

/// The category registry's one owner: it stores and decodes the documents, runs the checks
/// across the registry, and keeps an immutable `RegistrySnapshot` of the current revision that
/// every reader shares.
///
/// Readers never parse the registry per request: `snapshot()` answers the snapshot held while the
/// database's change generation (`Database.changeGeneration()`, an atomic load) has not moved.
/// Only when it moved is the stored revision compared (one indexed query), and the registry read
/// again only when that differs. Writes through this catalog install their snapshot as soon as
/// they commit, and every write of this process moves the generation, so this process reads its
/// own writes at once; a write by another process (a `pushboard categories import` while the
/// server runs) is seen within the database's `changeCheckInterval` (1 ms by default) plus the
/// time one change check takes (see `Database.changeGeneration()`).
///
/// Each thread also keeps the snapshot it last answered with its generation
/// (`LastValuePerThread`), so while the generation stands a request takes no lock at all; the
/// shared `SnapshotCell` is consulted only after it moved.
public struct CategoryCatalog: Sendable {
    /// Where the documents are stored.
    public let store: CategoryStore
    private let cell = SnapshotCell()
    private let local = LastValuePerThread<RegistrySnapshot>()

    /// The catalog of `store`.
    public init(store: CategoryStore) {
        self.store = store
    }

    /// The registry at its current revision.
    public func snapshot() throws -> RegistrySnapshot {
        let generation = store.database.changeGeneration()
        if let snapshot = local.value(at: generation) { return snapshot }
        let snapshot = try sharedSnapshot(at: generation)
        local.keep(snapshot, at: generation)
        return snapshot
    }

    /// The snapshot current at `generation`, from the cell shared by all threads: the one held
    /// if it is known current, or still at the stored revision, or else the registry read again.
    private func sharedSnapshot(at generation: UInt64) throws -> RegistrySnapshot {
        let (held, isCurrent) = cell.current(at: generation)
        if let held, isCurrent { return held }
        if held != nil, cell.confirm(revision: try store.currentRevision(), at: generation), let held {
            return held
        }
        return cell.install(RegistrySnapshot(try store.registry(), reusing: held), at: generation)
    }

    /// The snapshot of the registry a write transaction sees: the one held when it is at that
    /// revision, so a check inside the transaction decodes nothing that has not changed.
    func snapshot(of stored: CategoryRegistry) -> RegistrySnapshot {
        let (held, _) = cell.current(at: 0)
        if let held, held.revision == stored.revision { return held }
        return RegistrySnapshot(stored, reusing: held)
    }

    /// Reads the registry again after a committed write and installs it.
    @discardableResult
    func refresh() throws -> RegistrySnapshot {
        let generation = store.database.changeGeneration()
        let (held, _) = cell.current(at: generation)
        return cell.install(RegistrySnapshot(try store.registry(), reusing: held), at: generation)
    }
}
