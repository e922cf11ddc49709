import Foundation

/// The current registry snapshot and when it was last compared with the database, swapped
/// whole under an `NSLock` (a pthread mutex, which ThreadSanitizer understands; see
/// MHDServer's `LockedValue`). Readers hold the lock only to copy a reference-counted value.
final class SnapshotCell: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshot: RegistrySnapshot?
    private var checkedAt: ContinuousClock.Instant?

    /// The snapshot, and whether it was compared with the database less than `interval` ago.
    func current(within interval: Duration, now: ContinuousClock.Instant) -> (RegistrySnapshot?, fresh: Bool)
    {
        lock.lock()
        defer { lock.unlock() }
        guard let snapshot, let checkedAt else { return (nil, false) }
        return (snapshot, now - checkedAt < interval)
    }

    /// Records that the database is still at `revision` as of `now`; true when the snapshot
    /// held is at that revision.
    func confirm(revision: Int, at now: ContinuousClock.Instant) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard snapshot?.revision == revision else { return false }
        checkedAt = now
        return true
    }

    /// Installs `newer` unless a snapshot of a later revision is already in place (a slow
    /// reader must not undo a write it did not see); answers the snapshot now held.
    @discardableResult
    func install(_ newer: RegistrySnapshot, at now: ContinuousClock.Instant) -> RegistrySnapshot {
        lock.lock()
        defer { lock.unlock() }
        if let snapshot, snapshot.revision > newer.revision {
            return snapshot
        }
        snapshot = newer
        checkedAt = now
        return newer
    }
}
