/// The app's Live Activity types, keyed by `ActivityAttributes` name, with every revision:
/// each put or delete is one transaction that writes the current row and one revision row.
public struct ActivityTypeStore: Sendable {
    /// The database the types live in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Every type now, by name, read as one snapshot with its registry revision.
    public func registry() throws -> ActivityTypeRegistry {
        try database.snapshot { connection in
            ActivityTypeRegistry(
                revision: try Self.currentRevision(connection),
                types: try connection.query(Self.select + " ORDER BY name") { Self.stored($0) })
        }
    }

    /// The registry revision now (0 before any change): cheap, for caches.
    public func currentRevision() throws -> Int {
        try database.withSession(Self.currentRevision)
    }

    /// The type named exactly `name`, or nil.
    public func type(named name: String) throws -> StoredActivityType? {
        try database.withSession { connection in
            try connection.queryFirst(Self.select + " WHERE name = ?", [.text(name)]) { Self.stored($0) }
        }
    }

    /// Creates the type or replaces the one with the same name.
    public func put(_ document: ActivityTypeDocument, by author: String) throws -> ActivityTypePutResult {
        guard !document.name.isEmpty else {
            throw StorageError.invalidInput("an activity type name must not be empty")
        }
        return try database.transaction { connection in
            let now = Timestamp.now()
            let old = try connection.queryFirst(Self.select + " WHERE name = ?", [.text(document.name)]) {
                Self.stored($0)
            }
            let revision =
                try old.map { $0.revision + 1 }
                ?? connection.integer(
                    "SELECT COALESCE(MAX(revision), 0) + 1 FROM activity_type_revisions WHERE name = ?",
                    [.text(document.name)])
            let stored = StoredActivityType(
                document: document, revision: revision, createdAt: old?.createdAt ?? now, updatedAt: now,
                updatedBy: author)
            try connection.run("DELETE FROM activity_types WHERE name = ?", [.text(document.name)])
            try connection.run(
                """
                INSERT INTO activity_types
                    (name, document, source_kind, source, revision, created_at, updated_at, updated_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(document.name), .text(document.json), .text(document.sourceKind.rawValue),
                    .text(document.source), .int(revision), .text(stored.createdAt), .text(now),
                    .text(author),
                ])
            try Self.record(
                name: document.name, revision: revision, document: document, by: author, at: now, connection)
            return old == nil ? .created(stored) : .replaced(stored)
        }
    }

    /// Deletes the type named exactly `name`; false (and no revision) when there is none.
    @discardableResult
    public func delete(_ name: String, by author: String) throws -> Bool {
        try database.transaction { connection in
            guard
                let old = try connection.queryFirst(
                    Self.select + " WHERE name = ?", [.text(name)], row: Self.stored)
            else { return false }
            try connection.run("DELETE FROM activity_types WHERE name = ?", [.text(name)])
            try Self.record(
                name: name, revision: old.revision + 1, document: nil, by: author, at: Timestamp.now(),
                connection)
            return true
        }
    }

    /// Every revision of `name`, newest first (deletions with a nil `json`).
    public func revisions(of name: String) throws -> [ActivityTypeRevision] {
        try database.withSession { connection in
            try connection.query(
                """
                SELECT registry_revision, name, revision, document, changed_at, changed_by
                FROM activity_type_revisions WHERE name = ? ORDER BY revision DESC
                """, [.text(name)]
            ) { row in
                ActivityTypeRevision(
                    registryRevision: row.int(0), name: row.text(1), revision: row.int(2),
                    json: row.optionalText(3),
                    changedAt: row.text(4), changedBy: row.text(5))
            }
        }
    }

    private static let select = """
        SELECT name, document, source_kind, source, revision, created_at, updated_at, updated_by FROM activity_types
        """

    private static func stored(_ row: any SQLRow) -> StoredActivityType {
        StoredActivityType(
            document: ActivityTypeDocument(
                name: row.text(0), json: row.text(1),
                sourceKind: ActivityTypeDocument.SourceKind(rawValue: row.text(2)) ?? .schema,
                source: row.text(3)),
            revision: row.int(4), createdAt: row.text(5), updatedAt: row.text(6), updatedBy: row.text(7))
    }

    private static func currentRevision(_ connection: any SQLSession) throws -> Int {
        try connection.integer("SELECT COALESCE(MAX(registry_revision), 0) FROM activity_type_revisions")
    }

    private static func record(
        name: String, revision: Int, document: ActivityTypeDocument?, by author: String, at time: String,
        _ connection: any SQLSession
    ) throws {
        try connection.run(
            """
            INSERT INTO activity_type_revisions
                (registry_revision, name, revision, document, source_kind, source, changed_at, changed_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .int(try currentRevision(connection) + 1), .text(name), .int(revision),
                .optionalText(document?.json), .optionalText(document?.sourceKind.rawValue),
                .optionalText(document?.source), .text(time), .text(author),
            ])
    }
}
