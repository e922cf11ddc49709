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

    /// The category a stored document holds, or why it does not hold one. Documents are only
    /// ever stored after a clean read, so one that no longer reads (a file edited by hand) is
    /// named and skipped rather than failing every page.
    static func decoded(_ document: StoredCategory) throws(UnreadableCategory) -> NotificationCategory {
        let (category, diagnostics) = NotificationCategory.read(Array(document.json.utf8))
        if let category { return category }
        let reason = diagnostics.first { $0.severity == .error }?.message ?? "it is not a category"
        throw UnreadableCategory(identifier: document.identifier, revision: document.revision, reason: reason)
    }
}
