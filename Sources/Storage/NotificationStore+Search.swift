/// Searching the saved notifications through the index of `Schema.notificationSearch`, and
/// keeping that index in step with every write.
extension NotificationStore {
    /// At most `limit` notifications matching `search` after skipping `offset`, most recently
    /// saved first, each whole, with how many match in all, read as one snapshot.
    ///
    /// The count and the page's rowids come from the index alone; only the page's notifications
    /// are read from the table, in one query. An empty search is the whole list.
    public func search(_ search: NotificationSearch, limit: Int, offset: Int) throws -> StoredNotificationPage
    {
        if search.isEmpty { return try storedPage(limit: limit, offset: offset) }
        guard let expression = search.expression else {
            return StoredNotificationPage(notifications: [], total: 0)
        }
        return try database.snapshot { connection in
            let total = try connection.integer(
                "SELECT COUNT(*) FROM notification_search WHERE notification_search MATCH ?",
                [.text(expression)])
            let rows = try connection.query(
                """
                SELECT \(Self.storedColumns) FROM notifications WHERE search_rowid IN (
                    SELECT rowid FROM notification_search WHERE notification_search MATCH ?
                    ORDER BY rowid DESC LIMIT ? OFFSET ?)
                ORDER BY search_rowid DESC
                """,
                [.text(expression), .int(max(0, limit)), .int(max(0, offset))], row: Self.storedNotification)
            return StoredNotificationPage(notifications: rows, total: total)
        }
    }

    /// (Re)indexes the notification `id` as it is now, under a new `search_rowid` one more than
    /// the largest: it is the most recently saved. Called in the transaction of every save and
    /// of a restore from the trash.
    static func index(id: String, in connection: any SQLSession) throws {
        try unindex(id: id, in: connection)
        try connection.run(
            """
            UPDATE notifications SET search_rowid = (SELECT COALESCE(MAX(search_rowid), 0) + 1 FROM notifications)
            WHERE id = ?
            """, [.text(id)])
        try connection.run(
            """
            INSERT INTO notification_search (rowid, name, title, subtitle, body)
            SELECT search_rowid, \(Schema.searchedText) FROM notifications WHERE id = ?
            """, [.text(id)])
    }

    /// Takes the notification `id` out of the index (it went to the trash).
    static func unindex(id: String, in connection: any SQLSession) throws {
        try connection.run(
            "DELETE FROM notification_search WHERE rowid = (SELECT search_rowid FROM notifications WHERE id = ?)",
            [.text(id)])
        try connection.run("UPDATE notifications SET search_rowid = NULL WHERE id = ?", [.text(id)])
    }
}
