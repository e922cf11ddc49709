/// One page of the notification list and how many there are in all.
public struct NotificationListPage: Equatable, Sendable {
    /// The notifications of this page, most recently saved first.
    public let notifications: [NotificationSummary]
    /// How many notifications are stored in all (outside the trash).
    public let total: Int

    /// A page of `notifications` out of `total`.
    public init(notifications: [NotificationSummary], total: Int) {
        self.notifications = notifications
        self.total = total
    }
}

extension NotificationStore {
    /// At most `limit` notifications after skipping `offset`, most recently saved first, read as
    /// one snapshot with the total, so a page and its count agree.
    public func list(limit: Int, offset: Int) throws -> NotificationListPage {
        try database.snapshot { connection in
            let total = try Self.count(in: connection)
            let rows = try connection.query(
                """
                SELECT id, name, updated_at, revision FROM notifications WHERE seq IN (
                    SELECT seq FROM notifications WHERE deleted_at IS NULL
                    ORDER BY updated_at DESC, seq DESC LIMIT ? OFFSET ?)
                ORDER BY updated_at DESC, seq DESC
                """,
                [.int(max(0, limit)), .int(max(0, offset))]
            ) { row in
                NotificationSummary(
                    id: row.text(0), name: row.text(1), updatedAt: row.text(2), revision: row.int(3))
            }
            return NotificationListPage(notifications: rows, total: total)
        }
    }

    /// How many notifications are stored outside the trash, counted in SQLite: a page that
    /// shows the number never reads every row into memory (make soak found the overview page's
    /// memory growing with the table).
    public func count() throws -> Int {
        try database.withSession { try Self.count(in: $0) }
    }

    /// How many notifications are outside the trash, on `connection` (inside a page's snapshot):
    /// all of them less those in the trash, two counts SQLite answers without reading rows (the
    /// table's count from its b-tree, the trash's from its partial index), where counting the
    /// rows outside the trash read every one (tens of milliseconds at 100 000).
    static func count(in connection: any SQLSession) throws -> Int {
        try connection.integer(
            """
            SELECT (SELECT COUNT(*) FROM notifications)
                - (SELECT COUNT(*) FROM notifications WHERE deleted_at IS NOT NULL)
            """)
    }
}
