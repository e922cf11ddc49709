import Concurrency
import Storage

/// The one snapshot mechanism of the registry, shared by `CategoryCatalog` and `ActivityCatalog`:
/// readers never parse a registry per request.
///
/// `snapshot()` answers the snapshot held while the database's change generation
/// (`Database.changeGeneration()`, an atomic load) has not moved. Only when it moved is the
/// stored revision compared (one indexed query), and the registry read again only when that
/// differs. Writes through a catalog install their snapshot as soon as they commit, and every
/// write of this process moves the generation, so this process reads its own writes at once; a
/// write by another process (a `pushboard categories import` while the server runs) is seen
/// within the database's `changeCheckInterval` (1 ms by default) plus the time one change check
/// takes (see `Database.changeGeneration()`).
///
/// Each thread also keeps the snapshot it last answered with its generation
/// (`LastValuePerThread`), so while the generation stands a request takes no lock at all; the
/// shared `SnapshotCell` is consulted only after it moved.
struct SnapshotSource<Snapshot: RevisionedSnapshot>: Sendable {
    private let database: any StoreDatabase
    private let currentRevision: @Sendable () throws -> Int
    private let read: @Sendable (_ previous: Snapshot?) throws -> Snapshot
    private let cell = SnapshotCell<Snapshot>()
    private let local = LastValuePerThread<Snapshot>()

    /// Snapshots of the registry in `database`: `currentRevision` is the cheap revision query,
    /// `read` reads the registry and makes its snapshot, reusing what `previous` decoded.
    init(
        database: any StoreDatabase, currentRevision: @escaping @Sendable () throws -> Int,
        read: @escaping @Sendable (_ previous: Snapshot?) throws -> Snapshot
    ) {
        self.database = database
        self.currentRevision = currentRevision
        self.read = read
    }

    /// The registry at its current revision.
    func snapshot() throws -> Snapshot {
        let generation = database.changeGeneration()
        if let snapshot = local.value(at: generation) { return snapshot }
        let snapshot = try sharedSnapshot(at: generation)
        local.keep(snapshot, at: generation)
        return snapshot
    }

    /// The snapshot held now, current or not (nil before the first read).
    var held: Snapshot? { cell.current(at: 0).0 }

    /// Reads the registry again after a committed write and installs it.
    @discardableResult
    func refresh() throws -> Snapshot {
        let generation = database.changeGeneration()
        let (held, _) = cell.current(at: generation)
        return cell.install(try read(held), at: generation)
    }

    /// The snapshot current at `generation`, from the cell shared by all threads: the one held
    /// if it is known current, or still at the stored revision, or else the registry read again.
    private func sharedSnapshot(at generation: UInt64) throws -> Snapshot {
        let (held, isCurrent) = cell.current(at: generation)
        if let held, isCurrent { return held }
        if held != nil, cell.confirm(revision: try currentRevision(), at: generation), let held {
            return held
        }
        return cell.install(try read(held), at: generation)
    }
}
