/// Reading one revision and restoring it: a restore never rewrites history, it saves the old
/// content as the next revision.
extension NotificationStore {
    /// Revision `revision` of the notification `id`; nil when either does not exist.
    public func revision(_ revision: Int, of id: String) throws -> NotificationRevision? {
        try database.snapshot { connection in
            guard try Self.notification(id: id, in: connection) != nil else { return nil }
            return try connection.queryFirst(
                """
                SELECT \(Self.revisionColumns)
                FROM notification_revisions WHERE notification_id = ? AND revision = ?
                """,
                [.text(id), .int(revision)], row: Self.notificationRevision)
        }
    }

    /// Saves revision `revision`'s name, headers, payload and variants as the next revision, if the
    /// current one is still `expectedRevision` (nil: whatever is current). `.notFound` when the
    /// notification or the revision does not exist.
    public func restore(
        revision: Int, of id: String, expectedRevision: Int? = nil, by author: String
    ) throws -> NotificationUpdateResult {
        guard let old = try self.revision(revision, of: id) else { return .notFound }
        guard let current = try notification(id: id) else { return .notFound }
        return try update(
            id: id, expectedRevision: expectedRevision ?? current.revision, name: old.name,
            headers: old.headers,
            payload: old.payload, variants: old.variants, by: author)
    }

    /// At most `limit` revisions of the notification `id` after skipping `offset`, newest first,
    /// with the total, as one snapshot; nil when there is no notification `id`.
    public func revisions(id: String, limit: Int, offset: Int) throws -> RevisionPage<NotificationRevision>? {
        try database.snapshot { connection in
            guard try Self.notification(id: id, in: connection) != nil else { return nil }
            let total = try connection.integer(
                "SELECT COUNT(*) FROM notification_revisions WHERE notification_id = ?", [.text(id)])
            let limit = max(0, limit)
            let rows = try connection.query(
                """
                SELECT \(Self.revisionColumns)
                FROM notification_revisions WHERE notification_id = ? ORDER BY revision DESC LIMIT ? OFFSET ?
                """,
                [.text(id), .int(limit + 1), .int(max(0, offset))], row: Self.notificationRevision)
            return RevisionPage(rows: rows, limit: limit, total: total)
        }
    }
}
