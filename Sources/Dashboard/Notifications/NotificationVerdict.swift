import NotificationKit
import Storage

/// Whether a saved notification would be accepted now: its stored payload and headers checked
/// against the registry's current snapshot. Drafts may be saved invalid; the list, the GET and
/// the composer all say so with this one analysis.
enum NotificationVerdict {
    /// The one analysis (`PayloadAnalysis`) of `notification` as saved, against `registry`:
    /// the report, and the alert and category the list shows, from one read of the payload.
    static func analysis(_ notification: StoredNotification, registry: CategoryLookup) -> PayloadAnalysis {
        var headers = APNsHeaders(storedJSON: notification.headers)
        // The composer, which shows and saves these notifications, has no channel field: the
        // verdict is on what it sends (as it was when the composer read the headers for it).
        headers.channelID = nil
        return PayloadAnalysis(
            payload: Array(notification.payload.utf8), headers: headers.dictionary, registry: registry)
    }

    /// The report on `notification` as it is now.
    static func report(_ notification: StoredNotification, registry: CategoryLookup) -> ValidationReport {
        analysis(notification, registry: registry).report
    }
}
