import Foundation

/// The idle connections of one `Database`, lent to one thread at a time.
///
/// Guarded by an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex` on purpose:
/// ThreadSanitizer on Linux does not see `Mutex`'s futex-based locking (the standard library is
/// not instrumented), so every `Mutex`-protected access is reported as a race, and the server's
/// live tests run under `--sanitize=thread`. A pthread mutex is intercepted by ThreadSanitizer,
/// so races it reports here are real ones. `@unchecked Sendable` is backed by that lock: `idle`
/// is touched only inside `lock.withLock`.
final class ConnectionPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Connection]
    private let capacity: Int

    /// A pool starting with `connections` that keeps at most `capacity` idle ones.
    init(_ connections: [Connection], capacity: Int) {
        self.idle = connections
        self.capacity = capacity
    }

    /// An idle connection, or nil when all are lent out (the caller then opens a new one).
    func take() -> Connection? {
        lock.withLock { idle.popLast() }
    }

    /// Closes every idle connection (after a write was refused read-only: the next borrowers
    /// open fresh ones). They are closed outside the lock, when the last reference goes.
    func discardIdle() {
        _ = lock.withLock {
            let all = idle
            idle.removeAll()
            return all
        }
    }

    /// Takes `connection` back, unless it is still inside a transaction (it would hold the write
    /// lock forever) or the pool is full (it is closed when the last reference goes).
    func giveBack(_ connection: Connection) {
        guard connection.isInAutocommit else { return }
        lock.withLock {
            if idle.count < capacity {
                idle.append(connection)
            }
        }
    }
}
