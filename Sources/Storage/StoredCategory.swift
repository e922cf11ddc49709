/// One category as the dashboard hands it to the store: its identifier and its JSON text.
/// The store keeps the text as given and never parses it (NotificationKit owns the model).
public struct CategoryDocument: Equatable, Sendable {
    /// The category identifier, case-sensitive (`message` and `Message` are different keys).
    public let identifier: String
    /// The category's JSON object text (CONTRACT §5, one element of `categories`).
    public let json: String

    /// A document for `identifier` with the JSON text `json`.
    public init(identifier: String, json: String) {
        self.identifier = identifier
        self.json = json
    }
}

/// A category as the registry holds it now.
public struct StoredCategory: Equatable, Sendable {
    /// The case-sensitive identifier.
    public let identifier: String
    /// The category's JSON text as last saved.
    public let json: String
    /// Its place in the registry; the registry lists categories by ascending position. New
    /// categories go last; replacing one keeps its place; a whole-config write sets the order.
    public let position: Int
    /// This category's own revision: 1 when first created, one more per change (continuing after
    /// a delete and re-create, so its history never has two entries with one number).
    public let revision: Int
    /// When this identifier was (last) created.
    public let createdAt: String
    /// When its current content was saved.
    public let updatedAt: String
    /// Who saved its current content.
    public let updatedBy: String

    /// The document form, for writing the config back out.
    public var document: CategoryDocument { CategoryDocument(identifier: identifier, json: json) }
}

/// The whole registry at one moment: its revision and its categories in order.
public struct CategoryRegistry: Equatable, Sendable {
    /// The registry revision: 0 before the first change, then one more per change of any kind.
    public let revision: Int
    /// Every category, in registry order.
    public let categories: [StoredCategory]
}

/// What one registry revision did.
public enum RegistryChange: Equatable, Sendable {
    /// `PUT /api/v1/categories`: the whole config was replaced.
    case replaceAll
    /// `PUT /api/v1/categories/{identifier}`: one category was created or replaced.
    case put(identifier: String)
    /// `DELETE /api/v1/categories/{identifier}`.
    case delete(identifier: String)
}

/// One revision of the whole registry, with who and when.
public struct RegistryRevision: Equatable, Sendable {
    /// The registry revision number this change produced.
    public let revision: Int
    /// What the change was.
    public let change: RegistryChange
    /// When it was saved.
    public let changedAt: String
    /// Who saved it.
    public let changedBy: String
}

/// One revision of one category.
public struct CategoryRevision: Equatable, Sendable {
    /// The registry revision this change was part of.
    public let registryRevision: Int
    /// The category identifier.
    public let identifier: String
    /// The category's own revision number.
    public let revision: Int
    /// Its position at that revision.
    public let position: Int
    /// Its JSON text at that revision, or nil when this revision deleted it.
    public let json: String?
    /// When it was saved.
    public let changedAt: String
    /// Who saved it.
    public let changedBy: String
}

/// What `put` did: `PUT /api/v1/categories/{identifier}` answers 201 or 200 from this.
public enum CategoryPutResult: Equatable, Sendable {
    /// The identifier was new (HTTP 201).
    case created(StoredCategory, registryRevision: Int)
    /// An existing category was replaced in place (HTTP 200).
    case replaced(StoredCategory, registryRevision: Int)
}

/// What `replaceAll` did.
public enum RegistryReplaceResult: Equatable, Sendable {
    /// The registry now holds exactly the given categories.
    case replaced(CategoryRegistry)
    /// The caller's expected registry revision was out of date; nothing changed.
    case stale(currentRevision: Int)
}
