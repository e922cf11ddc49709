import JSON
public import NotificationKit
public import Storage

// The one place where the registry's stored documents and NotificationKit's category model
// meet, for the API, the pages and the command line alike.

extension NotificationCategory {
    /// The category as the store keeps it: compact JSON in the documented field order.
    public var storedDocument: CategoryDocument {
        CategoryDocument(identifier: identifier, json: JSONWriter().string(jsonValue))
    }

    /// The category a stored document holds. Documents are only ever stored after a clean read,
    /// so one that no longer reads (a file edited by hand) is nil, and skipped rather than
    /// failing every page.
    static func decoded(_ document: StoredCategory) -> NotificationCategory? {
        NotificationCategory.read(Array(document.json.utf8)).category
    }
}
