import Foundation

/// A registry snapshot: immutable, made whole for one stored revision.
public protocol RevisionedSnapshot: Sendable {
    /// The registry revision the snapshot shows (0 before the first change).
    var revision: Int { get }
}

/// The current snapshot of one registry and the database generation
/// (`Database.changeGeneration()`) it was last known current at, swapped whole under an `NSLock`
/// (a pthread mutex, which ThreadSanitizer understands; see MHDServer's `LockedValue`). Readers
/// hold the lock only to copy a reference-counted value. `@unchecked Sendable`: every stored
/// property is read and written only with `lock` held.
final class SnapshotCell<Snapshot: RevisionedSnapshot>: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshot: Snapshot?
    private var generation: UInt64 = 0

    /// The snapshot held, and whether it is known current at `generation`.
    func current(at generation: UInt64) -> (Snapshot?, isCurrent: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (snapshot, snapshot != nil && self.generation == generation)
    }

    /// Records that the database, as of `generation`, is still at `revision`; true when the
    /// snapshot held is at that revision.
    func confirm(revision: Int, at generation: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard snapshot?.revision == revision else { return false }
        self.generation = max(self.generation, generation)
        return true
    }

    /// Installs `newer`, read after `generation` was, unless a snapshot of a later revision is
    /// already in place (a slow reader must not undo a write it did not see); answers the
    /// snapshot now held.
    @discardableResult
    func install(_ newer: Snapshot, at generation: UInt64) -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        if let snapshot, snapshot.revision > newer.revision {
            return snapshot
        }
        if snapshot?.revision != newer.revision || generation > self.generation {
            self.generation = generation
        }
        snapshot = newer
        return newer
    }
}
