import NotificationKit
import Storage

extension NotificationVerdict {
    /// Each variant's own analysis: the variant's payload (`NotificationVariants.payload`) with
    /// the notification's headers, against `registry`, so each language has its bytes, its
    /// report and its cuts.
    static func variantAnalyses(_ notification: StoredNotification, registry: CategoryLookup) -> [(
        tag: String, analysis: PayloadAnalysis
    )] {
        NotificationVariants(storedText: notification.variants).entries.map { entry in
            let payload = NotificationVariants.payload(of: entry.texts, base: notification.payload)
            return (entry.tag, analysis(payload: payload, headers: notification.headers, registry: registry))
        }
    }
}
