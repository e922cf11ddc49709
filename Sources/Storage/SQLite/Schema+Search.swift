extension Schema {
    /// The search index of saved notifications (issue 23) and the index the list pages by.
    ///
    /// `notification_search` is an FTS5 table holding what the list's search promises to look
    /// at: the name, and the alert's title, subtitle and body (see `searchedText`). Its tokenizer
    /// folds case and accents (`unicode61 remove_diacritics 2`), so "sleva" finds "Sléva".
    ///
    /// Only notifications outside the trash are indexed, each under the rowid its
    /// `search_rowid` column names. That number is drawn anew at every save (one more than the
    /// largest), so the index's own rowid order is "most recently saved first": a search pages
    /// and counts inside the index (`ORDER BY rowid DESC LIMIT … OFFSET …`, `COUNT(*)`) and
    /// reads only its page's notifications, through `notifications_by_search`, instead of
    /// sorting every match. `NotificationStore` keeps both in step in each write's transaction
    /// (triggers cannot: with `trusted_schema = OFF`, which every connection sets, SQLite
    /// refuses a virtual table inside a trigger). Existing notifications are indexed here, in the
    /// order they were last saved.
    ///
    /// `notifications_live_by_update` orders the notifications outside the trash, so a deep page
    /// of the list reads an index instead of every row.
    static let notificationSearch = """
        CREATE VIRTUAL TABLE notification_search USING fts5 (
            name, title, subtitle, body, tokenize = 'unicode61 remove_diacritics 2'
        );
        ALTER TABLE notifications ADD COLUMN search_rowid INTEGER;
        CREATE UNIQUE INDEX notifications_by_search ON notifications (search_rowid);
        CREATE INDEX notifications_live_by_update ON notifications (updated_at) WHERE deleted_at IS NULL;

        UPDATE notifications SET search_rowid = saved.position
        FROM (
            SELECT rowid AS notification, row_number() OVER (ORDER BY updated_at, rowid) AS position
            FROM notifications WHERE deleted_at IS NULL
        ) AS saved
        WHERE notifications.rowid = saved.notification;

        INSERT INTO notification_search (rowid, name, title, subtitle, body)
        SELECT search_rowid, \(searchedText) FROM notifications WHERE search_rowid IS NOT NULL;
        """

    /// The indexed columns of a row of `notifications`, in the order of `notification_search`:
    /// the name, and `aps.alert`'s title, subtitle and body (the alert itself when it is a
    /// string), read with SQLite's JSON functions. A payload that is not JSON, or whose alert is
    /// neither, contributes only its name (`json_extract` throws on text that is not JSON, and
    /// the write would fail with it).
    static let searchedText = """
        name,
        CASE WHEN json_valid(payload) THEN CASE json_type(payload, '$.aps.alert')
            WHEN 'object' THEN json_extract(payload, '$.aps.alert.title') END END,
        CASE WHEN json_valid(payload) THEN CASE json_type(payload, '$.aps.alert')
            WHEN 'object' THEN json_extract(payload, '$.aps.alert.subtitle') END END,
        CASE WHEN json_valid(payload) THEN CASE json_type(payload, '$.aps.alert')
            WHEN 'text' THEN json_extract(payload, '$.aps.alert')
            WHEN 'object' THEN json_extract(payload, '$.aps.alert.body') END END
        """
}
