import JSON
public import NotificationKit
public import Storage

/// Writes, each one transaction in which the revision check and the checks across the registry
/// run on the registry as the transaction sees it, with the write lock held, so two concurrent
/// saves can never overwrite each other or together break the registry.
extension CategoryCatalog {
    /// Creates `category` (placed last) or replaces the one with its identifier in place.
    ///
    /// With `expectedRevision` (the category's own revision, from its ETag or the form; 0 for
    /// "must not exist yet"), nothing changes unless the category is still at it. Throws
    /// `RegistryRefusal.stale` or `.invalid`.
    @discardableResult
    public func put(_ category: NotificationCategory, expectedRevision: Int? = nil, by author: String) throws
        -> CategoryPutResult
    {
        let result = try store.put(category.storedDocument, by: author) { stored in
            let before = snapshot(of: stored)
            try Self.require(expectedRevision, of: category.identifier, in: before)
            var config = before.config
            if let index = config.categories.firstIndex(where: {
                CategoryKey.same($0.identifier, category.identifier)
            }) {
                config.categories[index] = category
            } else {
                config.categories.append(category)
            }
            try Self.requireNoErrors(config)
        }
        try refresh()
        return result
    }

    /// Replaces the whole registry with `config`, atomically. With `expectedRevision` (the
    /// registry revision, from the registry's ETag), nothing changes unless the registry is
    /// still at it. Throws `RegistryRefusal.stale` or `.invalid`.
    @discardableResult
    public func replaceAll(with config: CategoryConfig, expectedRevision: Int? = nil, by author: String)
        throws -> RegistrySnapshot
    {
        try Self.requireNoErrors(config)
        let result = try store.replaceAll(
            with: config.categories.map(\.storedDocument), by: author, expectedRevision: expectedRevision)
        guard case .replaced = result else {
            if case .stale(let current) = result { throw RegistryRefusal.stale(current: current) }
            return try refresh()
        }
        return try refresh()
    }

    /// Renames `original` to `category` in its place, in one registry write, unless `original`
    /// is no longer at `expectedRevision`. Throws `RegistryRefusal`.
    ///
    /// The new registry is computed from a snapshot and written only if the registry is still at
    /// that snapshot's revision (checked inside the transaction); when another write came first,
    /// it is computed and checked again on the newer registry.
    public func rename(
        _ original: String, to category: NotificationCategory, expectedRevision: Int?, by author: String
    ) throws {
        for _ in 0..<Self.renameAttempts {
            let before = try snapshot()
            try Self.require(expectedRevision, of: original, in: before)
            guard before.row(original) != nil else { throw RegistryRefusal.notFound }
            var documents = before.stored.categories.map(\.document)
            var config = before.config
            let document = category.storedDocument
            if let index = documents.firstIndex(where: { CategoryKey.same($0.identifier, original) }) {
                documents[index] = document
            }
            if let index = config.categories.firstIndex(where: { CategoryKey.same($0.identifier, original) })
            {
                config.categories[index] = category
            }
            try Self.requireNoErrors(config)
            let result = try store.replaceAll(with: documents, by: author, expectedRevision: before.revision)
            if case .replaced = result {
                try refresh()
                return
            }
            try refresh()
        }
        throw RegistryRefusal.stale(current: try snapshot().row(original)?.revision)
    }

    /// How often a rename is recomputed when other writes keep coming first.
    static let renameAttempts = 8

    /// Deletes the category with exactly `identifier`, unless it is no longer at
    /// `expectedRevision`. Throws `RegistryRefusal.notFound` or `.stale`.
    public func delete(_ identifier: String, expectedRevision: Int? = nil, by author: String) throws {
        let deleted = try store.delete(identifier, by: author) { stored in
            let before = snapshot(of: stored)
            guard before.row(identifier) != nil else { throw RegistryRefusal.notFound }
            try Self.require(expectedRevision, of: identifier, in: before)
        }
        guard deleted else { throw RegistryRefusal.notFound }
        try refresh()
    }

    /// Throws `.stale` unless the category is at `expected`: nil checks nothing, and 0 expects
    /// the category not to exist (a category's own revisions start at 1).
    private static func require(_ expected: Int?, of identifier: String, in snapshot: RegistrySnapshot) throws
    {
        guard let expected else { return }
        let current = snapshot.row(identifier)?.revision
        guard (current ?? 0) == expected else { throw RegistryRefusal.stale(current: current) }
    }

    /// Throws `.invalid` with the errors `config` would have as a registry.
    private static func requireNoErrors(_ config: CategoryConfig) throws {
        let errors = config.problems().filter { $0.severity == .error }
        guard errors.isEmpty else { throw RegistryRefusal.invalid(errors) }
    }
}
