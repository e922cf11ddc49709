/// Searching the saved notifications through the search index (SQLite: `Schema.notificationSearch`;
/// PostgreSQL: `PostgresNotificationSearch`), and keeping that index in step with every write.
extension NotificationStore {
    /// At most `limit` notifications matching `search` after skipping `offset`, most recently
    /// saved first, each whole, with how many match in all, read as one snapshot.
    ///
    /// The count and the page's `search_rowid`s come from the index alone; only the page's
    /// notifications are read. The index is SQLite's FTS5 table or, on PostgreSQL, the folded
    /// words of `PostgresNotificationSearch`: the one place the stores' SQL depends on the backend.
    public func search(_ search: NotificationSearch, limit: Int, offset: Int) throws -> StoredNotificationPage
    {
        if search.isEmpty { return try storedPage(limit: limit, offset: offset) }
        guard let expression = search.expression else {
            return StoredNotificationPage(notifications: [], total: 0)
        }
        return try database.snapshot { connection in
            let (matching, values): (String, [SQLValue]) =
                switch connection.dialect {
                case .sqlite:
                    (
                        "SELECT rowid FROM notification_search WHERE notification_search MATCH ?",
                        [.text(expression)]
                    )
                case .postgres: PostgresNotificationSearch.matching(search)
                }
            let total = try connection.integer("SELECT COUNT(*) FROM (\(matching)) AS matches", values)
            let rows = try connection.query(
                """
                SELECT \(Self.storedColumns) FROM notifications WHERE search_rowid IN (
                    \(matching) ORDER BY 1 DESC LIMIT ? OFFSET ?)
                ORDER BY search_rowid DESC
                """,
                values + [.int(max(0, limit)), .int(max(0, offset))], row: Self.storedNotification)
            return StoredNotificationPage(notifications: rows, total: total)
        }
    }

    /// (Re)indexes the notification `id` as it is now, under a new `search_rowid` one more than
    /// the largest, so it comes first in the index's order ("most recently saved").
    static func index(id: String, in connection: any SQLSession) throws {
        try unindex(id: id, in: connection)
        try connection.run(
            """
            UPDATE notifications SET search_rowid = (SELECT COALESCE(MAX(search_rowid), 0) + 1 FROM notifications)
            WHERE id = ?
            """, [.text(id)])
        switch connection.dialect {
        case .sqlite:
            try connection.run(
                """
                INSERT INTO notification_search (rowid, name, title, subtitle, body)
                SELECT search_rowid, \(Schema.searchedText) FROM notifications WHERE id = ?
                """, [.text(id)])
        case .postgres:
            try PostgresNotificationSearch.index(id: id, in: connection)
        }
    }

    /// Takes the notification `id` out of the index (it went to the trash).
    static func unindex(id: String, in connection: any SQLSession) throws {
        let indexKey = connection.dialect == .sqlite ? "rowid" : "search_rowid"
        try connection.run(
            "DELETE FROM notification_search WHERE \(indexKey) = (SELECT search_rowid FROM notifications WHERE id = ?)",
            [.text(id)])
        try connection.run("UPDATE notifications SET search_rowid = NULL WHERE id = ?", [.text(id)])
    }
}
