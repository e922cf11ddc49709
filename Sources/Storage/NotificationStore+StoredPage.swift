/// One page of the notification list with each notification whole (headers and payload), and
/// how many there are in all: what the list needs to show every row's verdict.
public struct StoredNotificationPage: Equatable, Sendable {
    /// The notifications of this page, most recently saved first.
    public let notifications: [StoredNotification]
    /// How many notifications are stored in all (outside the trash).
    public let total: Int
}

extension NotificationStore {
    /// The notifications of `list(limit:offset:)` (every one when `limit` is nil), each whole,
    /// in one query read as one snapshot with the total: the list checks every row's payload,
    /// and read one by one it cost a query per row.
    public func storedPage(limit: Int?, offset: Int = 0) throws -> StoredNotificationPage {
        try database.snapshot { connection in
            let total = try Self.count(in: connection)
            let rows = try connection.query(
                """
                SELECT \(Self.storedColumns) FROM notifications WHERE seq IN (
                    SELECT seq FROM notifications WHERE deleted_at IS NULL
                    ORDER BY updated_at DESC, seq DESC LIMIT ? OFFSET ?)
                ORDER BY updated_at DESC, seq DESC
                """,
                [.int(limit.map { max(0, $0) } ?? Int.max), .int(max(0, offset))],
                row: Self.storedNotification)
            return StoredNotificationPage(notifications: rows, total: total)
        }
    }

    /// Calls `body` with every notification outside the trash, whole, `batch` at a time in the
    /// order they were created: a pass over all of them (the check at start) in one query per
    /// batch that never holds more than one batch in memory. Each batch starts after the last
    /// `seq` of the one before, so no batch re-reads what came before it (an offset would).
    public func forEachBatch(of batch: Int = 1000, _ body: ([StoredNotification]) throws -> Void) throws {
        var after = 0
        while true {
            let rows = try database.withSession { connection in
                try connection.query(
                    """
                    SELECT \(Self.storedColumns), seq FROM notifications
                    WHERE deleted_at IS NULL AND seq > ? ORDER BY seq LIMIT ?
                    """,
                    [.int(after), .int(max(1, batch))]
                ) { row in (Self.storedNotification(row), row.int(10)) }
            }
            guard let last = rows.last else { return }
            try body(rows.map(\.0))
            after = last.1
        }
    }
}
