/// Deleted categories: a deletion is a revision without a document, so every deleted category
/// keeps its history and can be put back from its last version.
extension CategoryStore {
    /// The deleting revision of every category that is deleted now, most recently deleted first.
    public func deletedCategories() throws -> [CategoryRevision] {
        try database.withSession { connection in
            try connection.query(
                Self.selectRevisions + """
                     AS r WHERE document IS NULL AND revision = (
                        SELECT MAX(revision) FROM category_revisions WHERE identifier = r.identifier)
                    ORDER BY registry_revision DESC
                    """,
                row: Self.categoryRevision)
        }
    }
}
