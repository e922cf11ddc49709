import JSON
import NotificationKit
import Storage

// The one place where the registry's stored documents and NotificationKit's category model meet,
// for the API, the pages and the command line alike.

extension CategoryConfig {
    /// The registry in order. Documents are only ever stored after a clean read, so one that no
    /// longer reads (a file edited by hand) is skipped rather than failing every page.
    public init(registry: CategoryRegistry) {
        self.init(
            categories: registry.categories.compactMap {
                NotificationCategory.read(Array($0.json.utf8)).category
            })
    }
}

extension CategoryStore {
    /// The registry now, as a config.
    public func config() throws -> CategoryConfig {
        CategoryConfig(registry: try registry())
    }
}

extension NotificationCategory {
    /// The category as the store keeps it: compact JSON in the documented field order.
    public var storedDocument: CategoryDocument {
        CategoryDocument(identifier: identifier, json: JSONWriter().string(jsonValue))
    }
}
