import JSON

extension JSONKeyTable {
    /// The member names APNs payloads and envelopes use all the time (apns-rules.md), so reading
    /// a payload builds almost no key strings.
    public static let apns = JSONKeyTable([
        "aps", "alert", "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
        "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "badge", "sound",
        "critical", "name", "volume", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
        "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
        "content-changed", "input-push-token", "input-push-channel", "media-url", "image", "attachment-url",
        "data", "id", "type", "url", "headers", "payload", "apns-push-type", "apns-priority", "apns-topic",
        "apns-collapse-id", "apns-expiration", "apns-id",
    ])
}

extension JSONReader {
    /// The reader for payloads, envelopes and category configs: strict, with the APNs key table.
    public static let apns = JSONReader(knownKeys: .apns)
}
