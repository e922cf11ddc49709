/// A notification's declared template variables and sample recipients (issue 28), kept as the
/// JSON texts the API takes and reads back (`docs/templates.md`); `Personalization` reads them.
public struct StoredTemplateVariables: Sendable, Hashable {
    /// The notification they belong to.
    public var notificationID: String
    /// The declarations, a JSON array text.
    public var variables: String
    /// The sample recipients, a JSON array of objects text.
    public var samples: String
    /// When and by whom they were last saved.
    public var updatedAt: String
    public var updatedBy: String
}

/// The `template_variables` table: one row per notification that declares variables. Every
/// write is one transaction that first checks the notification exists.
public struct TemplateVariableStore: Sendable {
    /// The database the rows live in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// The variables of notification `id`, or nil when it declares none.
    public func variables(of id: String) throws -> StoredTemplateVariables? {
        try database.withSession { session in
            try session.queryFirst(
                "SELECT variables, samples, updated_at, updated_by FROM template_variables WHERE notification_id = ?",
                [.text(id)]
            ) { row in
                StoredTemplateVariables(
                    notificationID: id, variables: row.text(0), samples: row.text(1), updatedAt: row.text(2),
                    updatedBy: row.text(3))
            }
        }
    }

    /// Saves the variables and samples of notification `id`; false (nothing written) when no
    /// such notification exists.
    public func save(id: String, variables: String, samples: String, by author: String) throws -> Bool {
        try database.transaction { connection in
            guard
                try connection.queryFirst(
                    "SELECT 1 FROM notifications WHERE id = ?", [.text(id)], row: { _ in 1 })
                    != nil
            else { return false }
            _ = try connection.run(
                """
                INSERT INTO template_variables (notification_id, variables, samples, updated_at, updated_by)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (notification_id) DO UPDATE SET
                    variables = excluded.variables, samples = excluded.samples,
                    updated_at = excluded.updated_at, updated_by = excluded.updated_by
                """,
                [.text(id), .text(variables), .text(samples), .text(Timestamp.now()), .text(author)])
            return true
        }
    }
}
