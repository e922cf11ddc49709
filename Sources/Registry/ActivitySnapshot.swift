public import NotificationKit
public import Storage

/// The Live Activity type registry at one revision, decoded once: what the payload API, the
/// composer, the pages and the command line check against instead of reading the database.
/// The twin of `RegistrySnapshot`; `ActivityCatalog` swaps it in whole.
public struct ActivitySnapshot: RevisionedSnapshot {
    /// The registry revision this snapshot shows (0 before the first change).
    public let revision: Int
    /// The stored rows, by name.
    public let stored: ActivityTypeRegistry
    /// The types decoded, by name (a document that no longer reads is left out).
    public let types: ActivityTypeSet
    /// The stored documents that no longer read as a type, in registry order.
    public let unreadable: [UnreadableActivityType]
    /// Name → the decoded type and the document text it came from, so the next snapshot decodes
    /// only what changed.
    let decoded: [String: (json: String, type: ActivityAttributesType)]

    /// The snapshot of `stored`, decoding only the documents `previous` does not already hold.
    init(_ stored: ActivityTypeRegistry, reusing previous: ActivitySnapshot?) {
        var types: [ActivityAttributesType] = []
        var decoded: [String: (json: String, type: ActivityAttributesType)] = [:]
        var unreadable: [UnreadableActivityType] = []
        for row in stored.types {
            let name = row.document.name
            let type: ActivityAttributesType
            if let old = previous?.decoded[name], old.json.utf8.elementsEqual(row.document.json.utf8) {
                type = old.type
            } else {
                do {
                    type = try ActivityAttributesType.decoded(row)
                } catch {
                    unreadable.append(error)
                    continue
                }
            }
            decoded[name] = (row.document.json, type)
            types.append(type)
        }
        self.revision = stored.revision
        self.stored = stored
        self.types = ActivityTypeSet(types)
        self.unreadable = unreadable
        self.decoded = decoded
    }
}
