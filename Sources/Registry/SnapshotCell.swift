import Concurrency

/// A registry snapshot: immutable, made whole for one stored revision.
public protocol RevisionedSnapshot: Sendable {
    /// The registry revision the snapshot shows (0 before the first change).
    var revision: Int { get }
}

/// The current snapshot of one registry and the database generation
/// (`StoreDatabase.changeGeneration()`) it was last known current at, swapped whole inside one
/// `Locked` box. Readers hold the lock only to copy a reference-counted value.
final class SnapshotCell<Snapshot: RevisionedSnapshot>: Sendable {
    private let held = Locked<(snapshot: Snapshot?, generation: UInt64)>((nil, 0))

    /// The snapshot held, and whether it is known current at `generation`.
    func current(at generation: UInt64) -> (Snapshot?, isCurrent: Bool) {
        held.withLock { held in (held.snapshot, held.snapshot != nil && held.generation == generation) }
    }

    /// Records that the database, as of `generation`, is still at `revision`; true when the
    /// snapshot held is at that revision.
    func confirm(revision: Int, at generation: UInt64) -> Bool {
        held.withLock { held in
            guard held.snapshot?.revision == revision else { return false }
            held.generation = max(held.generation, generation)
            return true
        }
    }

    /// Installs `newer`, read after `generation` was, unless a snapshot of a later revision is
    /// already in place (a slow reader must not undo a write it did not see); answers the
    /// snapshot now held.
    @discardableResult
    func install(_ newer: Snapshot, at generation: UInt64) -> Snapshot {
        held.withLock { held in
            if let snapshot = held.snapshot, snapshot.revision > newer.revision {
                return snapshot
            }
            if held.snapshot?.revision != newer.revision || generation > held.generation {
                held.generation = generation
            }
            held.snapshot = newer
            return newer
        }
    }
}
