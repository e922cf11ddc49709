/// What APNs expects of one `apns-push-type` (apns-rules.md §2, §6, §7): its size limit, its
/// topic suffix, the priorities it allows and whether the payload needs `aps`.
struct PushTypeRule: Sendable {
    /// How the topic is checked.
    enum Topic: Sendable {
        /// The bare bundle ID: no known push-type suffix may end it.
        case bundleID
        /// The bundle ID followed by this suffix.
        case suffix(String)
        /// Set by something outside the app (the MDM certificate's UID): not checked.
        case unchecked
    }

    /// The header value, lowercase.
    let name: String
    /// The largest accepted payload in bytes.
    let sizeLimit: Int
    /// What the `apns-topic` must look like.
    let topic: Topic
    /// Priorities this push type accepts; APNs accepts 10, 5 and 1 in general.
    let priorities: [Int]
    /// True when the payload must carry an `aps` dictionary.
    let requiresAps: Bool

    /// The push types of apns-rules.md §7, in Apple's order.
    static let all: [PushTypeRule] = [
        PushTypeRule(
            name: "alert", sizeLimit: 4096, topic: .bundleID, priorities: [10, 5, 1], requiresAps: true),
        PushTypeRule(
            name: "background", sizeLimit: 4096, topic: .bundleID, priorities: [5], requiresAps: true),
        PushTypeRule(
            name: "location", sizeLimit: 4096, topic: .suffix(".location-query"), priorities: [10, 5, 1],
            requiresAps: false),
        PushTypeRule(
            name: "voip", sizeLimit: 5120, topic: .suffix(".voip"), priorities: [10, 5, 1], requiresAps: false
        ),
        PushTypeRule(
            name: "complication", sizeLimit: 4096, topic: .suffix(".complication"), priorities: [10, 5, 1],
            requiresAps: false),
        PushTypeRule(
            name: "fileprovider", sizeLimit: 4096, topic: .suffix(".pushkit.fileprovider"),
            priorities: [10, 5, 1], requiresAps: false),
        PushTypeRule(
            name: "mdm", sizeLimit: 4096, topic: .unchecked, priorities: [10, 5, 1], requiresAps: false),
        PushTypeRule(
            name: "liveactivity", sizeLimit: 4096, topic: .suffix(".push-type.liveactivity"),
            priorities: [10, 5],
            requiresAps: true),
        PushTypeRule(
            name: "pushtotalk", sizeLimit: 4096, topic: .suffix(".voip-ptt"), priorities: [10],
            requiresAps: false),
        PushTypeRule(
            name: "widgets", sizeLimit: 4096, topic: .suffix(".push-type.widgets"), priorities: [10, 5, 1],
            requiresAps: true),
        PushTypeRule(
            name: "controls", sizeLimit: 4096, topic: .suffix(".push-type.controls"), priorities: [10, 5, 1],
            requiresAps: true),
    ]

    /// The rule for a header value, or nil for a value APNs rejects with `InvalidPushType`.
    static func named(_ name: String) -> PushTypeRule? {
        all.first { $0.name == name }
    }

    /// The suffix the topic adds to the bundle ID, or nil (`alert`, `background`, `mdm`).
    var topicSuffix: String? {
        if case .suffix(let suffix) = topic { suffix } else { nil }
    }

    /// True for push types APNs accepts only with token-based (JWT) authentication, which always
    /// needs `apns-topic` (§6: Live Activity and location).
    var requiresTokenAuthentication: Bool {
        name == "liveactivity" || name == "location"
    }

    /// Every suffix some push type puts on the topic, longest first so `.voip-ptt` wins over `.voip`.
    static let knownSuffixes: [String] = all.compactMap {
        if case .suffix(let suffix) = $0.topic { suffix } else { nil }
    }.sorted { $0.count > $1.count }
}
