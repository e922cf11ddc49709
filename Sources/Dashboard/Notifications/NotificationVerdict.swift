import NotificationKit
import Storage

/// Whether a saved notification would be accepted now: its stored payload and headers checked
/// against the current category registry. Drafts may be saved invalid; the list, the GET and the
/// composer all say so with this one report.
enum NotificationVerdict {
    /// The report on `payload` sent with the stored `headers` (a JSON object text).
    static func report(payload: String, headers: String, registry: CategoryConfig) -> ValidationReport {
        var fields = ComposerFields()
        fields.fillHeaders(fromJSON: headers)
        return Validator(categories: registry).validate(payload: payload, headers: fields.headers)
    }

    /// The report on `notification` as it is now.
    static func report(_ notification: StoredNotification, registry: CategoryConfig) -> ValidationReport {
        report(payload: notification.payload, headers: notification.headers, registry: registry)
    }
}
