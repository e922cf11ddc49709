import JSON
import NotificationKit
import Storage

// The one place where stored activity type documents and NotificationKit's activity model meet,
// for the API, the composer and the command line alike.

extension ActivityTypeSet {
    /// The registry's types. Documents are only stored after a clean import, so one that no
    /// longer reads (a file edited by hand) is skipped rather than failing every request.
    public init(registry: ActivityTypeRegistry) {
        self.init(
            registry.types.compactMap {
                ActivitySchemaReader.importTypes(from: Array($0.document.json.utf8)).types.first
            })
    }
}

extension ActivityAttributesType {
    /// The type as the store keeps it: its compact JSON Schema, and the text it came from.
    public func storedDocument(source: String, format: ActivityTypeImport.Format) -> ActivityTypeDocument {
        ActivityTypeDocument(
            name: name, json: JSONWriter().string(schema), sourceKind: format == .swift ? .swift : .schema,
            source: source)
    }
}

/// The activity types decoded once per registry revision (DESIGN rule 6), shared by every
/// request: while the database's change generation stands still nothing is queried; after any
/// write the revision is compared (one cheap query), and the types are decoded again only when
/// it moved.
public final class ActivityTypeCache: Sendable {
    private let store: ActivityTypeStore
    private let latest: GenerationCache<(revision: Int, types: ActivityTypeSet)>

    /// A cache over `store`.
    public init(store: ActivityTypeStore) {
        self.store = store
        self.latest = GenerationCache(database: store.database)
    }

    /// The types at the store's current revision.
    public func current() throws -> ActivityTypeSet {
        try latest.value { previous in
            if let previous, try store.currentRevision() == previous.revision { return previous }
            let registry = try store.registry()
            return (registry.revision, ActivityTypeSet(registry: registry))
        }.types
    }
}
