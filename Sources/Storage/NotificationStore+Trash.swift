/// The trash: deleting a notification only marks it, so a mistake can be undone; purging is a
/// separate, explicit act that erases it and every revision.
extension NotificationStore {
    /// Every notification in the trash, most recently deleted first.
    public func trash() throws -> [TrashedNotification] {
        try database.withSession { connection in
            try connection.query(
                """
                SELECT id, name, revision, deleted_at, deleted_by FROM notifications
                WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, seq DESC
                """
            ) { row in
                TrashedNotification(
                    id: row.text(0), name: row.text(1), revision: row.int(2), deletedAt: row.text(3),
                    deletedBy: row.text(4))
            }
        }
    }

    /// Takes the notification out of the trash as it was; nil when `id` is not in the trash.
    public func restore(id: String) throws -> StoredNotification? {
        try database.transaction { connection in
            guard
                try connection.run(
                    "UPDATE notifications SET deleted_at = NULL, deleted_by = NULL WHERE id = ? AND deleted_at IS NOT NULL",
                    [.text(id)]) == 1
            else { return nil }
            try Self.index(id: id, in: connection)
            return try Self.notification(id: id, in: connection)
        }
    }

    /// Erases a notification in the trash and every revision; false when `id` is not in the
    /// trash (a notification outside it must be deleted first).
    @discardableResult
    public func purge(id: String) throws -> Bool {
        try database.transaction { connection in
            try connection.run(
                "DELETE FROM notifications WHERE id = ? AND deleted_at IS NOT NULL", [.text(id)]) == 1
        }
    }
}

/// A notification in the trash: what the trash page and `GET /api/v1/trash/notifications` list.
public struct TrashedNotification: Equatable, Sendable {
    /// The notification's id (it keeps it when restored).
    public let id: String
    /// Its name when deleted.
    public let name: String
    /// Its revision when deleted.
    public let revision: Int
    /// When it was deleted.
    public let deletedAt: String
    /// Who deleted it.
    public let deletedBy: String
}
