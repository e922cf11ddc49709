import NotificationKit
public import Storage

/// The category registry's one owner: it stores and decodes the documents, runs the checks
/// across the registry, and keeps an immutable `RegistrySnapshot` of the current revision that
/// every reader shares.
///
/// Readers never parse the registry per request: `snapshot()` answers the snapshot held, and
/// only compares its revision with the database's (one indexed query) when it was last compared
/// more than `recheckInterval` ago. Writes through this catalog install their snapshot as soon
/// as they commit, so this process reads its own writes at once; a write by another process (a
/// `pushboard categories import` while the server runs) is seen within `recheckInterval`.
public struct CategoryCatalog: Sendable {
    /// How long a snapshot is trusted before the stored revision is compared again.
    public static let defaultRecheckInterval = Duration.milliseconds(1)

    /// Where the documents are stored.
    public let store: CategoryStore
    /// See `defaultRecheckInterval`; zero compares on every read.
    public let recheckInterval: Duration
    private let cell = SnapshotCell()
    private let clock = ContinuousClock()

    /// The catalog of `store`.
    public init(store: CategoryStore, recheckInterval: Duration = Self.defaultRecheckInterval) {
        self.store = store
        self.recheckInterval = recheckInterval
    }

    /// The registry at its current revision.
    public func snapshot() throws -> RegistrySnapshot {
        let now = clock.now
        let (held, fresh) = cell.current(within: recheckInterval, now: now)
        if let held, fresh { return held }
        if held != nil, cell.confirm(revision: try store.currentRevision(), at: now), let held {
            return held
        }
        return cell.install(RegistrySnapshot(try store.registry(), reusing: held), at: now)
    }

    /// The snapshot of the registry a write transaction sees: the one held when it is at that
    /// revision, so a check inside the transaction decodes nothing that has not changed.
    func snapshot(of stored: CategoryRegistry) -> RegistrySnapshot {
        let (held, _) = cell.current(within: .zero, now: clock.now)
        if let held, held.revision == stored.revision { return held }
        return RegistrySnapshot(stored, reusing: held)
    }

    /// Reads the registry again after a committed write and installs it.
    @discardableResult
    func refresh() throws -> RegistrySnapshot {
        let (held, _) = cell.current(within: .zero, now: clock.now)
        return cell.install(RegistrySnapshot(try store.registry(), reusing: held), at: clock.now)
    }
}
