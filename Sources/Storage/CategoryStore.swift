/// A check run inside a registry write's transaction on the registry as it stands before the
/// write; throwing refuses the write.
public typealias RegistryCheck = (CategoryRegistry) throws -> Void

/// The category registry: the categories apps register, shared by everyone using pushboard.
///
/// Every change (a whole-config replace, one put, one delete) is one transaction that adds one
/// registry revision and one category revision per category it changed, so the registry as it
/// was at any revision can be rebuilt (`registry(atRevision:)`) and every change has a who and when.
public struct CategoryStore: Sendable {
    /// The database the registry lives in.
    public let database: any StoreDatabase

    /// A registry over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// The registry now, categories in order, read as one snapshot.
    public func registry() throws -> CategoryRegistry {
        try database.snapshot(Self.registry)
    }

    /// The current registry revision (0 before any change): cheap, for caches and ETags.
    public func currentRevision() throws -> Int {
        try database.withSession(Self.currentRevision)
    }

    /// The category with exactly `identifier` (case-sensitive), or nil.
    public func category(_ identifier: String) throws -> StoredCategory? {
        try database.withSession { connection in
            try connection.queryFirst(Self.selectCategories + " WHERE identifier = ?", [.text(identifier)]) {
                Self.storedCategory($0)
            }
        }
    }

    /// Replaces the whole registry with `documents`, in their order, atomically.
    ///
    /// With `expectedRevision`, nothing changes unless the registry is still at that revision.
    /// Throws `.invalidInput` for an empty or repeated identifier (exact repeats; case variants are
    /// different identifiers and NotificationKit's validator warns about them). `check`, when
    /// given, sees the registry as this write's transaction sees it and may throw to refuse the
    /// write (see `put`).
    public func replaceAll(
        with documents: [CategoryDocument], by author: String, expectedRevision: Int? = nil,
        check: RegistryCheck? = nil
    ) throws -> RegistryReplaceResult {
        // Keys are compared as bytes, like SQLite's BINARY collation and iOS: Swift's `String ==`
        // would call an NFC and an NFD spelling equal.
        var seen = Set<[UInt8]>()
        for document in documents {
            try Self.check(document.identifier)
            guard seen.insert(Array(document.identifier.utf8)).inserted else {
                throw StorageError.invalidInput(
                    "category identifier \"\(document.identifier)\" appears twice")
            }
        }
        return try database.transaction { connection in
            let current = try Self.currentRevision(connection)
            if let expectedRevision, expectedRevision != current {
                return .stale(currentRevision: current)
            }
            try check?(try Self.registry(connection))
            let change = try Self.beginChange(.replaceAll, after: current, by: author, in: connection)
            let existing = try connection.query(Self.selectCategories) { Self.storedCategory($0) }
            let byIdentifier = Dictionary(
                existing.map { (Array($0.identifier.utf8), $0) }, uniquingKeysWith: { first, _ in first })
            // Positions are UNIQUE; clearing first lets the new order be written in any sequence.
            try connection.run("DELETE FROM categories")
            for (position, document) in documents.enumerated() {
                let old = byIdentifier[Array(document.identifier.utf8)]
                if let old, old.json.utf8.elementsEqual(document.json.utf8), old.position == position {
                    try Self.insert(old, in: connection)
                    continue
                }
                let stored = StoredCategory(
                    identifier: document.identifier, json: document.json, position: position,
                    revision: try old.map { $0.revision + 1 }
                        ?? Self.nextRevision(of: document.identifier, connection),
                    createdAt: old?.createdAt ?? change.changedAt, updatedAt: change.changedAt,
                    updatedBy: author)
                try Self.insert(stored, in: connection)
                try Self.record(stored, deleted: false, in: change, connection)
            }
            for old in existing where !seen.contains(Array(old.identifier.utf8)) {
                try Self.record(Self.next(of: old, in: change), deleted: true, in: change, connection)
            }
            return .replaced(try Self.registry(connection))
        }
    }

    /// Creates the category (placed last) or replaces the one with the same identifier in place.
    ///
    /// `check`, when given, runs inside the write transaction on the registry exactly as it is
    /// before this write, with the write lock held: a revision check or a check across the
    /// registry made there cannot be overtaken by another writer. Whatever it throws rolls the
    /// write back and is rethrown.
    public func put(_ document: CategoryDocument, by author: String, check: RegistryCheck? = nil) throws
        -> CategoryPutResult
    {
        try Self.check(document.identifier)
        return try database.transaction { connection in
            try check?(try Self.registry(connection))
            let current = try Self.currentRevision(connection)
            let change = try Self.beginChange(
                .put(identifier: document.identifier), after: current, by: author, in: connection)
            let old = try connection.queryFirst(
                Self.selectCategories + " WHERE identifier = ?", [.text(document.identifier)]
            ) { Self.storedCategory($0) }
            if let old {
                let stored = StoredCategory(
                    identifier: old.identifier, json: document.json, position: old.position,
                    revision: old.revision + 1, createdAt: old.createdAt, updatedAt: change.changedAt,
                    updatedBy: author)
                try connection.run("DELETE FROM categories WHERE identifier = ?", [.text(old.identifier)])
                try Self.insert(stored, in: connection)
                try Self.record(stored, deleted: false, in: change, connection)
                return .replaced(stored, registryRevision: change.revision)
            }
            let position = try connection.integer("SELECT COALESCE(MAX(position) + 1, 0) FROM categories")
            let stored = StoredCategory(
                identifier: document.identifier, json: document.json, position: position,
                revision: try Self.nextRevision(of: document.identifier, connection),
                createdAt: change.changedAt,
                updatedAt: change.changedAt, updatedBy: author)
            try Self.insert(stored, in: connection)
            try Self.record(stored, deleted: false, in: change, connection)
            return .created(stored, registryRevision: change.revision)
        }
    }

    /// Deletes the category with exactly `identifier`; false (and no revision) when there is none.
    /// `check` runs inside the transaction first, as for `put`.
    @discardableResult
    public func delete(_ identifier: String, by author: String, check: RegistryCheck? = nil) throws -> Bool {
        try database.transaction { connection in
            try check?(try Self.registry(connection))
            guard
                let old = try connection.queryFirst(
                    Self.selectCategories + " WHERE identifier = ?", [.text(identifier)],
                    row: { Self.storedCategory($0) })
            else { return false }
            let current = try Self.currentRevision(connection)
            let change = try Self.beginChange(
                .delete(identifier: identifier), after: current, by: author, in: connection)
            try connection.run("DELETE FROM categories WHERE identifier = ?", [.text(identifier)])
            try Self.record(Self.next(of: old, in: change), deleted: true, in: change, connection)
            return true
        }
    }

    /// The columns `storedCategory` reads, in its order; callers append WHERE or ORDER BY.
    static let selectCategories = """
        SELECT identifier, document, position, revision, created_at, updated_at, updated_by FROM categories
        """

    /// A row of `selectCategories` as a value.
    static func storedCategory(_ row: any SQLRow) -> StoredCategory {
        StoredCategory(
            identifier: row.text(0), json: row.text(1), position: row.int(2), revision: row.int(3),
            createdAt: row.text(4), updatedAt: row.text(5), updatedBy: row.text(6))
    }

    /// The registry as `connection` sees it (inside the caller's transaction or snapshot).
    static func registry(_ connection: any SQLSession) throws -> CategoryRegistry {
        CategoryRegistry(
            revision: try currentRevision(connection),
            categories: try connection.query(selectCategories + " ORDER BY position") { storedCategory($0) })
    }

    /// The latest registry revision as `connection` sees it.
    static func currentRevision(_ connection: any SQLSession) throws -> Int {
        try connection.integer("SELECT COALESCE(MAX(revision), 0) FROM registry_revisions")
    }

    private static func check(_ identifier: String) throws {
        guard !identifier.isEmpty else {
            throw StorageError.invalidInput("a category identifier must not be empty")
        }
    }

    /// Adds the registry revision every change starts with.
    private static func beginChange(
        _ change: RegistryChange, after current: Int, by author: String, in connection: any SQLSession
    ) throws -> RegistryRevision {
        let revision = RegistryRevision(
            revision: current + 1, change: change, changedAt: Timestamp.now(), changedBy: author)
        let (kind, identifier): (String, String?) =
            switch change {
            case .replaceAll: ("replace", nil)
            case .put(let identifier): ("put", identifier)
            case .delete(let identifier): ("delete", identifier)
            }
        try connection.run(
            "INSERT INTO registry_revisions (revision, change, identifier, changed_at, changed_by) VALUES (?, ?, ?, ?, ?)",
            [
                .int(revision.revision), .text(kind), .optionalText(identifier), .text(revision.changedAt),
                .text(author),
            ])
        return revision
    }

    /// The revision number a (re-)created identifier gets: one past anything in its history.
    private static func nextRevision(of identifier: String, _ connection: any SQLSession) throws -> Int {
        try connection.integer(
            "SELECT COALESCE(MAX(revision), 0) + 1 FROM category_revisions WHERE identifier = ?",
            [.text(identifier)])
    }

    /// `old` as its deletion revision records it.
    private static func next(of old: StoredCategory, in change: RegistryRevision) -> StoredCategory {
        StoredCategory(
            identifier: old.identifier, json: old.json, position: old.position, revision: old.revision + 1,
            createdAt: old.createdAt, updatedAt: change.changedAt, updatedBy: change.changedBy)
    }

    private static func insert(_ category: StoredCategory, in connection: any SQLSession) throws {
        try connection.run(
            """
            INSERT INTO categories (identifier, document, position, revision, created_at, updated_at, updated_by)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(category.identifier), .text(category.json), .int(category.position),
                .int(category.revision),
                .text(category.createdAt), .text(category.updatedAt), .text(category.updatedBy),
            ])
    }

    private static func record(
        _ category: StoredCategory, deleted: Bool, in change: RegistryRevision, _ connection: any SQLSession
    ) throws {
        try connection.run(
            """
            INSERT INTO category_revisions
                (registry_revision, identifier, revision, position, document, changed_at, changed_by)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .int(change.revision), .text(category.identifier), .int(category.revision),
                .int(category.position),
                deleted ? .null : .text(category.json), .text(change.changedAt), .text(change.changedBy),
            ])
    }
}
