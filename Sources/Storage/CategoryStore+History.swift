extension CategoryStore {
    /// Every registry revision, newest first: what changed, who changed it and when.
    public func history() throws -> [RegistryRevision] {
        try database.withSession { connection in
            try connection.query(
                "SELECT revision, change, identifier, changed_at, changed_by FROM registry_revisions ORDER BY revision DESC"
            ) { row in
                let identifier = row.text(2)
                let change: RegistryChange =
                    switch row.text(1) {
                    case "put": .put(identifier: identifier)
                    case "delete": .delete(identifier: identifier)
                    default: .replaceAll
                    }
                return RegistryRevision(
                    revision: row.int(0), change: change, changedAt: row.text(3), changedBy: row.text(4))
            }
        }
    }

    /// Every revision of the category `identifier`, newest first (deletions included, with a nil
    /// `json`); empty when the identifier never existed.
    public func revisions(of identifier: String) throws -> [CategoryRevision] {
        try database.withSession { connection in
            try connection.query(
                Self.selectRevisions + " WHERE identifier = ? ORDER BY revision DESC", [.text(identifier)],
                row: Self.categoryRevision)
        }
    }

    /// At most `limit` revisions of the category `identifier` after skipping `offset`, newest
    /// first, with the total (0 when the identifier never existed), as one snapshot.
    public func revisions(of identifier: String, limit: Int, offset: Int) throws -> RevisionPage<
        CategoryRevision
    > {
        try database.snapshot { connection in
            let total = try connection.integer(
                "SELECT COUNT(*) FROM category_revisions WHERE identifier = ?", [.text(identifier)])
            let limit = max(0, limit)
            let rows = try connection.query(
                Self.selectRevisions + " WHERE identifier = ? ORDER BY revision DESC LIMIT ? OFFSET ?",
                [.text(identifier), .int(limit + 1), .int(max(0, offset))], row: Self.categoryRevision)
            return RevisionPage(rows: rows, limit: limit, total: total)
        }
    }

    /// The registry exactly as it was right after registry revision `revision`, in its order then;
    /// nil when that revision does not exist yet (revision 0 is the empty registry).
    public func registry(atRevision revision: Int) throws -> [CategoryDocument]? {
        try database.snapshot { connection in
            guard revision >= 0, revision <= (try Self.currentRevision(connection)) else { return nil }
            // For each identifier, its latest revision at or before `revision`; deleted ones drop out.
            let latest = try connection.query(
                Self.selectRevisions + """
                     AS r WHERE registry_revision = (
                        SELECT MAX(registry_revision) FROM category_revisions
                        WHERE identifier = r.identifier AND registry_revision <= ?)
                    ORDER BY position
                    """,
                [.int(revision)], row: Self.categoryRevision)
            return latest.compactMap { entry in
                entry.json.map { CategoryDocument(identifier: entry.identifier, json: $0) }
            }
        }
    }

    /// The columns of a category revision, in `categoryRevision(_:)` order.
    static let selectRevisions = """
        SELECT registry_revision, identifier, revision, position, document, changed_at, changed_by
        FROM category_revisions
        """

    /// One row of `selectRevisions` as a value.
    static func categoryRevision(_ row: any SQLRow) -> CategoryRevision {
        CategoryRevision(
            registryRevision: row.int(0), identifier: row.text(1), revision: row.int(2), position: row.int(3),
            json: row.optionalText(4), changedAt: row.text(5), changedBy: row.text(6))
    }
}
