import NotificationKit
import Storage

/// Whether a saved notification would be accepted now: its stored payload and headers checked
/// against the registry's current snapshot. Drafts may be saved invalid; the list, the GET and
/// the composer all say so with this one analysis.
enum NotificationVerdict {
    /// The one analysis (`PayloadAnalysis`) of `notification` as saved, against `registry`:
    /// the report, and the alert and category the list shows, from one read of the payload.
    static func analysis(_ notification: StoredNotification, registry: CategoryLookup) -> PayloadAnalysis {
        analysis(payload: Array(notification.payload.utf8), headers: notification.headers, registry: registry)
    }

    /// The analysis of `payload` sent with the stored `headers`: a notification's own payload,
    /// or one of its language variants'.
    static func analysis(payload: [UInt8], headers storedHeaders: String, registry: CategoryLookup)
        -> PayloadAnalysis
    {
        var headers = APNsHeaders(storedJSON: storedHeaders)
        // The composer, which shows and saves these notifications, has no channel field: the
        // verdict is on what it sends (as it was when the composer read the headers for it).
        headers.channelID = nil
        return PayloadAnalysis(payload: payload, headers: headers.dictionary, registry: registry)
    }

    /// The report on `notification` as it is now.
    static func report(_ notification: StoredNotification, registry: CategoryLookup) -> ValidationReport {
        analysis(notification, registry: registry).report
    }
}
