/// The push types' topic rules as other modules need them (the credential doctor), read from
/// the one table the validator uses (`PushTypeRule`).
public enum APNsTopicRules {
    /// The suffix `pushType` puts after the bundle ID (".voip", ".push-type.liveactivity", …),
    /// nil for a bare-bundle-ID type or an unknown type.
    public static func suffix(forPushType pushType: String) -> String? {
        PushTypeRule.named(pushType)?.topicSuffix
    }

    /// Whether `pushType` is a known value of `apns-push-type`.
    public static func isKnown(pushType: String) -> Bool {
        PushTypeRule.named(pushType) != nil
    }

    /// Whether APNs accepts `pushType` only with token-based authentication (Live Activity, location).
    public static func requiresTokenAuthentication(pushType: String) -> Bool {
        PushTypeRule.named(pushType)?.requiresTokenAuthentication ?? false
    }

    /// Whether the topic is an MDM push's (the certificate's UID; not checked against a suffix).
    public static func isUnchecked(pushType: String) -> Bool {
        if case .unchecked? = PushTypeRule.named(pushType)?.topic { return true }
        return false
    }

    /// The bundle ID inside `topic`: the topic without any known push-type suffix.
    public static func bundleID(of topic: String) -> String {
        for suffix in PushTypeRule.knownSuffixes where topic.hasSuffix(suffix) {
            return String(topic.dropLast(suffix.count))
        }
        return topic
    }
}
