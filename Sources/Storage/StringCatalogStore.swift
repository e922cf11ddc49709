/// The app's String Catalog, one document with every revision: each import is one transaction
/// that appends a revision, and the newest revision is the catalog in use.
///
/// The document is the catalog as `Localizable.xcstrings` JSON (what `Localization` reads and
/// writes); this store keeps text and does not read it, so a later format is stored as given.
public struct StringCatalogStore: Sendable {
    /// The database the catalog lives in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// The catalog now, or nil before the first import.
    public func current() throws -> StoredStringCatalog? {
        try database.withSession { connection in
            try connection.queryFirst(Self.select + " ORDER BY revision DESC LIMIT 1", row: Self.stored)
        }
    }

    /// The catalog's revision now (0 before the first import): cheap, for caches.
    public func currentRevision() throws -> Int {
        try database.withSession(Self.currentRevision)
    }

    /// Stores `document` as the new revision, unless `expectedRevision` is given and the catalog
    /// is no longer at it (then nothing changes and `.stale` says where it is).
    public func put(
        document: String, sourceName: String, expectedRevision: Int? = nil, by author: String
    ) throws -> StringCatalogPutResult {
        try database.transaction { connection in
            let current = try Self.currentRevision(connection)
            if let expectedRevision, expectedRevision != current {
                return .stale(currentRevision: current)
            }
            let stored = StoredStringCatalog(
                revision: current + 1, document: document, sourceName: sourceName, changedAt: Timestamp.now(),
                changedBy: author)
            try connection.run(
                """
                INSERT INTO string_catalog_revisions (revision, document, source_name, changed_at, changed_by)
                VALUES (?, ?, ?, ?, ?)
                """,
                [
                    .int(stored.revision), .text(document), .text(sourceName), .text(stored.changedAt),
                    .text(author),
                ])
            return .stored(stored)
        }
    }

    /// Every revision, newest first, without their documents' text.
    public func revisions() throws -> [StoredStringCatalog] {
        try database.withSession { connection in
            try connection.query(
                "SELECT revision, '', source_name, changed_at, changed_by FROM string_catalog_revisions"
                    + " ORDER BY revision DESC", row: Self.stored)
        }
    }

    private static let select =
        "SELECT revision, document, source_name, changed_at, changed_by FROM string_catalog_revisions"

    private static func stored(_ row: any SQLRow) -> StoredStringCatalog {
        StoredStringCatalog(
            revision: row.int(0), document: row.text(1), sourceName: row.text(2), changedAt: row.text(3),
            changedBy: row.text(4))
    }

    private static func currentRevision(_ connection: any SQLSession) throws -> Int {
        try connection.integer("SELECT COALESCE(MAX(revision), 0) FROM string_catalog_revisions")
    }
}

/// One stored revision of the String Catalog.
public struct StoredStringCatalog: Sendable, Hashable {
    /// 1 for the first import, one more for each after it.
    public var revision: Int
    /// The catalog as `Localizable.xcstrings` JSON (empty in `revisions()`).
    public var document: String
    /// The file it was imported from (`Localizable.xcstrings`, `lproj folder`, `pasted`).
    public var sourceName: String
    /// When it was stored (`Timestamp`).
    public var changedAt: String
    /// Who stored it.
    public var changedBy: String

    /// A revision from its parts.
    public init(revision: Int, document: String, sourceName: String, changedAt: String, changedBy: String) {
        self.revision = revision
        self.document = document
        self.sourceName = sourceName
        self.changedAt = changedAt
        self.changedBy = changedBy
    }
}

/// What a put did.
public enum StringCatalogPutResult: Sendable, Hashable {
    /// The document is the new revision.
    case stored(StoredStringCatalog)
    /// Someone stored another revision first; nothing changed.
    case stale(currentRevision: Int)
}
