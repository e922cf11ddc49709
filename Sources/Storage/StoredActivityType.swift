/// One of the app's Live Activity types as the dashboard hands it to the store: its
/// `ActivityAttributes` name, its JSON Schema text, and the source it was imported from. The
/// store keeps the text as given and never parses it (NotificationKit owns the model).
public struct ActivityTypeDocument: Equatable, Sendable {
    /// Where a type came from.
    public enum SourceKind: String, Sendable, CaseIterable {
        /// The app's Swift source.
        case swift
        /// A JSON Schema.
        case schema
    }

    /// The `ActivityAttributes` struct name, case-sensitive: the registry key.
    public let name: String
    /// The type's JSON Schema text, what the validator reads.
    public let json: String
    /// Whether `source` is Swift or a schema.
    public let sourceKind: SourceKind
    /// The text the type was imported from, kept for people and history.
    public let source: String

    /// A document for `name`.
    public init(name: String, json: String, sourceKind: SourceKind, source: String) {
        self.name = name
        self.json = json
        self.sourceKind = sourceKind
        self.source = source
    }
}

/// A Live Activity type as the registry holds it now.
public struct StoredActivityType: Equatable, Sendable {
    /// The stored document.
    public let document: ActivityTypeDocument
    /// The type's own revision: 1 when first imported, one more per change.
    public let revision: Int
    /// When this name was (last) created.
    public let createdAt: String
    /// When its current content was saved.
    public let updatedAt: String
    /// Who saved it.
    public let updatedBy: String
}

/// The activity type registry at one moment.
public struct ActivityTypeRegistry: Equatable, Sendable {
    /// 0 before the first change, then one more per change of any type.
    public let revision: Int
    /// Every type, by name.
    public let types: [StoredActivityType]
}

/// One revision of one activity type; a nil `json` is a deletion.
public struct ActivityTypeRevision: Equatable, Sendable {
    /// The registry-wide revision number of this change.
    public let registryRevision: Int
    /// The type name.
    public let name: String
    /// The type's own revision number.
    public let revision: Int
    /// Its JSON Schema text, or nil when this revision deleted it.
    public let json: String?
    /// When it was saved.
    public let changedAt: String
    /// Who saved it.
    public let changedBy: String
}

/// What `put` did: the API answers 201 or 200 from it.
public enum ActivityTypePutResult: Equatable, Sendable {
    /// The name was new.
    case created(StoredActivityType)
    /// An existing type was replaced.
    case replaced(StoredActivityType)
}
