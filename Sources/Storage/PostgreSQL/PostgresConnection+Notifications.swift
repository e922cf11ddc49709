import CPostgres
import Glibc

extension PostgresConnection {
    /// Waits up to `timeout` for notifications on the channels this connection `LISTEN`s to and
    /// answers how many arrived (0 after a quiet `timeout`). Throws `databaseUnavailable` when
    /// the connection was lost, so the caller reconnects.
    func awaitNotifications(timeout: Duration) throws -> Int {
        var received = drainNotifications()
        if received > 0 { return received }
        let socket = PQsocket(handle)
        guard socket >= 0 else { throw StorageError.databaseUnavailable("the listening connection was lost") }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds
                / 1_000_000_000_000_000)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return 0 }
        guard PQconsumeInput(handle) == 1, !isBroken else {
            throw StorageError.databaseUnavailable("the listening connection was lost")
        }
        received = drainNotifications()
        return received
    }

    /// Frees every notification libpq has read so far and answers how many there were.
    private func drainNotifications() -> Int {
        var count = 0
        while let notification = PQnotifies(handle) {
            PQfreemem(notification)
            count += 1
        }
        return count
    }
}
