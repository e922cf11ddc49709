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
                SELECT \(Self.storedColumns) FROM notifications WHERE rowid IN (
                    SELECT rowid FROM notifications WHERE deleted_at IS NULL
                    ORDER BY updated_at DESC, rowid DESC LIMIT ? OFFSET ?)
                ORDER BY updated_at DESC, rowid DESC
                """,
                [.int(limit.map { max(0, $0) } ?? -1), .int(max(0, offset))], row: Self.storedNotification)
            return StoredNotificationPage(notifications: rows, total: total)
        }
    }
}
