import Concurrency

/// The idle connections of one `Database`, lent to one thread at a time.
final class ConnectionPool: Sendable {
    private let idle: Locked<[Connection]>
    private let capacity: Int

    /// A pool starting with `connections` that keeps at most `capacity` idle ones.
    init(_ connections: [Connection], capacity: Int) {
        self.idle = Locked(connections)
        self.capacity = capacity
    }

    /// An idle connection, or nil when all are lent out (the caller then opens a new one).
    func take() -> Connection? {
        idle.withLock { $0.popLast() }
    }

    /// Closes every idle connection (after a write was refused read-only: the next borrowers
    /// open fresh ones). They are closed outside the lock, when the last reference goes.
    func discardIdle() {
        _ = idle.withLock { idle in
            let all = idle
            idle.removeAll()
            return all
        }
    }

    /// Takes `connection` back, unless it is still inside a transaction (it would hold the write
    /// lock forever) or the pool is full (it is closed when the last reference goes).
    func giveBack(_ connection: Connection) {
        guard connection.isInAutocommit else { return }
        idle.withLock { idle in
            if idle.count < capacity {
                idle.append(connection)
            }
        }
    }
}
