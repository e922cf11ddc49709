public import JSON
public import NotificationKit
public import Storage

/// The category registry at one revision, decoded, indexed and checked once: what every reader
/// (the payload API, the pages, the command line) uses instead of reading the database.
///
/// Immutable: a write makes a new snapshot and `CategoryCatalog` swaps it in whole.
public struct RegistrySnapshot: RevisionedSnapshot {
    /// The registry revision this snapshot shows (0 before the first change).
    public let revision: Int
    /// The stored rows in order: each category's own revision, who saved it and when.
    public let stored: CategoryRegistry
    /// The categories decoded, in order (a document that no longer reads is left out).
    public let config: CategoryConfig
    /// The categories indexed for checking and previewing payloads.
    public let lookup: CategoryLookup
    /// The stored documents that no longer read as a category, in registry order: left out of
    /// `config`, and named here (decoded once per revision, like the rest).
    public let unreadable: [UnreadableCategory]
    /// Every problem across the registry (duplicates, case collisions, shared action
    /// identifiers, each category's own), found once for this revision.
    public let problems: [Diagnostic]
    /// Exact identifier → position in `stored.categories`.
    private let rowIndex: [CategoryKey: Int]
    /// Exact identifier → the decoded category and the document text it came from, so the next
    /// snapshot decodes only what changed.
    let decoded: [CategoryKey: (json: String, category: NotificationCategory)]

    /// The snapshot of `stored`, decoding only the documents `previous` does not already hold.
    init(_ stored: CategoryRegistry, reusing previous: RegistrySnapshot?) {
        var categories: [NotificationCategory] = []
        var decoded: [CategoryKey: (json: String, category: NotificationCategory)] = [:]
        var rowIndex: [CategoryKey: Int] = [:]
        var unreadable: [UnreadableCategory] = []
        categories.reserveCapacity(stored.categories.count)
        for (position, row) in stored.categories.enumerated() {
            let key = CategoryKey(row.identifier)
            rowIndex[key] = rowIndex[key] ?? position
            let category: NotificationCategory
            if let old = previous?.decoded[key], old.json.utf8.elementsEqual(row.json.utf8) {
                category = old.category
            } else {
                do {
                    category = try NotificationCategory.decoded(row)
                } catch {
                    unreadable.append(error)
                    continue
                }
            }
            decoded[key] = (row.json, category)
            categories.append(category)
        }
        let config = CategoryConfig(categories: categories)
        self.revision = stored.revision
        self.stored = stored
        self.config = config
        self.lookup = CategoryLookup(config)
        self.problems = config.problems()
        self.unreadable = unreadable
        self.rowIndex = rowIndex
        self.decoded = decoded
    }

    /// The stored row of exactly `identifier`, or nil.
    public func row(_ identifier: String) -> StoredCategory? {
        rowIndex[CategoryKey(identifier)].map { stored.categories[$0] }
    }

    /// The category registered under exactly `identifier`, or nil.
    public func category(_ identifier: String) -> NotificationCategory? {
        lookup.category(identifiedBy: identifier)
    }
}
