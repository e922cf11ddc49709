/// Saved notifications and their revisions. Every write is one transaction; every call may come
/// from any thread.
public struct NotificationStore: Sendable {
    /// The database the notifications live in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Saves a new notification as revision 1 and answers it with its new id; `variants` is its
    /// per-language variants' JSON object text (`{}`: none).
    public func create(
        name: String, headers: String, payload: String, variants: String = "{}", by author: String
    ) throws -> StoredNotification {
        try database.transaction { connection in
            let now = Timestamp.now()
            var id = RandomIdentifier.hex()
            // 2^64 ids make a collision practically impossible; if one happens, draw again.
            while try connection.queryFirst(
                "SELECT 1 FROM notifications WHERE id = ?", [.text(id)], row: { _ in true })
                != nil
            {
                id = RandomIdentifier.hex()
            }
            try connection.run(
                """
                INSERT INTO notifications
                    (id, name, headers, payload, revision, created_at, created_by, updated_at, updated_by,
                     variants, seq)
                VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM notifications))
                """,
                [
                    .text(id), .text(name), .text(headers), .text(payload), .text(now), .text(author),
                    .text(now),
                    .text(author), .text(variants),
                ])
            let stored = StoredNotification(
                id: id, name: name, headers: headers, payload: payload, revision: 1, createdAt: now,
                createdBy: author, updatedAt: now, updatedBy: author, variants: variants)
            try Self.recordRevision(of: stored, in: connection)
            try Self.index(id: id, in: connection)
            return stored
        }
    }

    /// The notification with `id`, or nil when there is none (any string is safe to pass).
    public func notification(id: String) throws -> StoredNotification? {
        try database.withSession { try Self.notification(id: id, in: $0) }
    }

    /// Every notification, most recently saved first.
    public func list() throws -> [NotificationSummary] {
        try database.withSession { connection in
            try connection.query(
                """
                SELECT id, name, updated_at, revision FROM notifications WHERE deleted_at IS NULL
                ORDER BY updated_at DESC, seq DESC
                """
            ) { row in
                NotificationSummary(
                    id: row.text(0), name: row.text(1), updatedAt: row.text(2), revision: row.int(3))
            }
        }
    }

    /// Saves a new revision if the current one is still `expectedRevision` (the `If-Match` check).
    ///
    /// The read, the check and the write run in one `BEGIN IMMEDIATE` transaction: no other writer
    /// can slip in between, so two editors can never overwrite each other silently. `variants`
    /// nil keeps the current revision's variants (a client that does not know them loses none).
    public func update(
        id: String, expectedRevision: Int, name: String, headers: String, payload: String,
        variants: String? = nil, by author: String
    ) throws -> NotificationUpdateResult {
        try database.transaction { connection in
            guard let current = try Self.notification(id: id, in: connection) else { return .notFound }
            guard current.revision == expectedRevision else { return .stale(current: current) }
            let updated = StoredNotification(
                id: id, name: name, headers: headers, payload: payload, revision: current.revision + 1,
                createdAt: current.createdAt, createdBy: current.createdBy, updatedAt: Timestamp.now(),
                updatedBy: author, variants: variants ?? current.variants)
            let changed = try connection.run(
                """
                UPDATE notifications
                SET name = ?, headers = ?, payload = ?, revision = ?, updated_at = ?, updated_by = ?,
                    variants = ?
                WHERE id = ? AND revision = ?
                """,
                [
                    .text(name), .text(headers), .text(payload), .int(updated.revision),
                    .text(updated.updatedAt),
                    .text(author), .text(updated.variants), .text(id), .int(current.revision),
                ])
            guard changed == 1 else {
                // Cannot happen under the write lock; if it ever did, report what is there now.
                return try Self.notification(id: id, in: connection).map { .stale(current: $0) } ?? .notFound
            }
            try Self.recordRevision(of: updated, in: connection)
            try Self.index(id: id, in: connection)
            return .updated(updated)
        }
    }

    /// Moves the notification to the trash, every revision kept; false when there was none with
    /// `id` outside the trash. `restore(id:)` brings it back, `purge(id:)` erases it.
    @discardableResult
    public func delete(id: String, by author: String = "") throws -> Bool {
        try database.transaction { connection in
            guard
                try connection.run(
                    "UPDATE notifications SET deleted_at = ?, deleted_by = ? WHERE id = ? AND deleted_at IS NULL",
                    [.text(Timestamp.now()), .text(author), .text(id)]) == 1
            else { return false }
            // The trash is not searched.
            try Self.unindex(id: id, in: connection)
            return true
        }
    }

    /// Every revision of the notification, newest first; nil when there is no notification `id`.
    public func revisions(id: String) throws -> [NotificationRevision]? {
        try database.snapshot { connection in
            guard try Self.notification(id: id, in: connection) != nil else { return nil }
            return try connection.query(
                """
                SELECT \(Self.revisionColumns)
                FROM notification_revisions WHERE notification_id = ? ORDER BY revision DESC
                """,
                [.text(id)], row: Self.notificationRevision)
        }
    }

    /// The notification `id` outside the trash, read on `connection`.
    static func notification(id: String, in connection: any SQLSession) throws -> StoredNotification? {
        try connection.queryFirst(
            "SELECT \(storedColumns) FROM notifications WHERE id = ? AND deleted_at IS NULL", [.text(id)],
            row: storedNotification)
    }

    /// The columns of a whole notification, in the order `storedNotification(_:)` reads them.
    static let storedColumns =
        "id, name, headers, payload, revision, created_at, created_by, updated_at, updated_by, variants"

    /// The columns of a revision, in the order `notificationRevision(_:)` reads them.
    static let revisionColumns = "revision, name, headers, payload, changed_at, changed_by, variants"

    /// The revision in a row of `revisionColumns`.
    static func notificationRevision(_ row: any SQLRow) -> NotificationRevision {
        NotificationRevision(
            revision: row.int(0), name: row.text(1), headers: row.text(2), payload: row.text(3),
            variants: row.text(6), changedAt: row.text(4), changedBy: row.text(5))
    }

    /// The notification in a row of `storedColumns`.
    static func storedNotification(_ row: any SQLRow) -> StoredNotification {
        StoredNotification(
            id: row.text(0), name: row.text(1), headers: row.text(2), payload: row.text(3),
            revision: row.int(4), createdAt: row.text(5), createdBy: row.text(6), updatedAt: row.text(7),
            updatedBy: row.text(8), variants: row.text(9))
    }

    /// Appends `notification` as a row of its history.
    static func recordRevision(of notification: StoredNotification, in connection: any SQLSession) throws {
        try connection.run(
            """
            INSERT INTO notification_revisions
                (notification_id, revision, name, headers, payload, changed_at, changed_by, variants)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(notification.id), .int(notification.revision), .text(notification.name),
                .text(notification.headers), .text(notification.payload), .text(notification.updatedAt),
                .text(notification.updatedBy), .text(notification.variants),
            ])
    }
}
