/// Every answer APNs documents, with what it means for a test send and what to do: the one
/// table of reasons (apns-rules.md §8). `APNsRefusal` names a reason of this table for a
/// payload's error; the APNs module explains every answer of a send from it.
public struct APNsReason: Sendable, Hashable {
    /// The HTTP status APNs answers with this reason.
    public let status: Int
    /// The `reason` of APNs' error body.
    public let reason: String
    /// What the answer means, said for the person who sent the test push.
    public let meaning: String
    /// What to do about it.
    public let advice: String
    /// Answered only by the broadcast (channel) API.
    public let broadcastOnly: Bool

    /// Whether a send may retry the same request once (APNs' 429, 500 and 503 answers): nothing
    /// else is retried, since the same request gets the same answer.
    public var retryable: Bool { [429, 500, 503].contains(status) }

    /// Whether the device token is gone for good (410), so the device can be removed.
    public var offerRemoveDevice: Bool { status == 410 }

    /// The documented reason named `reason`, nil for one Apple does not document.
    public static func named(_ reason: String) -> APNsReason? {
        byName[reason]
    }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.reason, $0) })

    private init(
        _ status: Int, _ reason: String, _ meaning: String, _ advice: String, broadcast: Bool = false
    ) {
        self.status = status
        self.reason = reason
        self.meaning = meaning
        self.advice = advice
        self.broadcastOnly = broadcast
    }

    /// All of them, by status.
    public static let all: [APNsReason] =
        requestReasons + credentialReasons + deliveryReasons + broadcastReasons
}

extension APNsReason {
    /// 400: the request itself is wrong.
    static let requestReasons: [APNsReason] = [
        .init(
            400, "BadCollapseId", "The apns-collapse-id header is longer than 64 bytes.",
            "Shorten the collapse ID to at most 64 bytes."),
        .init(
            400, "BadDeviceToken",
            "The device token is not valid for this environment: APNs does not know it here.",
            "A token from a development build is a sandbox token, one from TestFlight or the App Store a "
                + "production token: choose the device's other environment, or copy the token again from the app."
        ),
        .init(
            400, "BadExpirationDate", "The apns-expiration header is not a whole number of UNIX seconds.",
            "Give the expiration in seconds since 1970 (0 for now-or-never), not milliseconds or a date."),
        .init(
            400, "BadMessageId", "The apns-id header is not a canonical UUID.",
            "Give a lower-case UUID such as 123e4567-e89b-12d3-a456-4266554400a0, or leave apns-id out."),
        .init(
            400, "BadPriority", "The apns-priority header is not 10, 5 or 1.",
            "Use 10 (immediate), 5 (power-aware; required for background pushes) or 1."),
        .init(
            400, "BadTopic", "The apns-topic header is not a valid topic.",
            "Use the app's bundle ID, with the push type's suffix where it has one."),
        .init(
            400, "DeviceTokenNotForTopic", "The device token belongs to another app than the topic names.",
            "Check the topic is this device's app (and its suffix the push type's), or pick the right device."
        ),
        .init(
            400, "DuplicateHeaders", "A header was sent twice.", "Send each apns-* header once."),
        .init(
            400, "IdleTimeout", "The connection was idle too long and APNs closed it.",
            "Send again: a new connection is opened."),
        .init(
            400, "InvalidPushType", "The apns-push-type header is not one APNs knows.",
            "Use alert, background, location, voip, complication, fileprovider, mdm, liveactivity, "
                + "pushtotalk, widgets or controls (lower case)."),
        .init(
            400, "MissingDeviceToken", "The request named no device token.",
            "Give the device's token (hex) in the device's settings."),
        .init(
            400, "MissingTopic", "The apns-topic header is missing and the credential covers several topics.",
            "Give the topic: the app's bundle ID with the push type's suffix."),
        .init(
            400, "PayloadEmpty", "The payload was empty.", "Send a JSON object, at least {\"aps\":{}}."),
        .init(
            400, "TopicDisallowed",
            "The key or certificate may not push to this topic (or the API forbids it).",
            "Use a topic the credential covers: a topic-specific key pushes to its one bundle ID only; a Live "
                + "Activity needs <bundle>.push-type.liveactivity, a broadcast the bare bundle ID."),
    ]

    /// 403: the credential or provider token is refused.
    static let credentialReasons: [APNsReason] = [
        .init(
            403, "BadCertificate", "APNs refused the client certificate.",
            "Upload the APNs certificate again, exported from Keychain Access with its key."),
        .init(
            403, "BadCertificateEnvironment", "The certificate is for the other environment.",
            "Use a certificate for this environment, or send to the environment the certificate is for."),
        .init(
            403, "ExpiredProviderToken", "The provider token is more than an hour old.",
            "Nothing to do here: Pushboard signs a new token (it renews tokens after 30 minutes). If it "
                + "repeats, check the server's clock."),
        .init(
            403, "Forbidden", "APNs refused the request for a reason it does not give.",
            "Check the key or certificate is still valid in the developer account."),
        .init(
            403, "InvalidProviderToken",
            "The provider token is not valid: its signature, Key ID or Team ID does not match a key of the team.",
            "Check the Key ID and Team ID belong to this .p8 key, and that the key was not revoked."),
        .init(
            403, "MissingProviderToken", "No provider token was sent and no certificate was presented.",
            "Choose a key or certificate for the send."),
        .init(
            403, "UnrelatedKeyIdInToken", "The key ID in the provider token is not one of the team's keys.",
            "Check the Key ID belongs to the team whose Team ID the key was stored with."),
        .init(
            403, "BadEnvironmentKeyInToken",
            "The key that signed the provider token is scoped to the other environment (keys issued since 2025 "
                + "may be limited to sandbox or production).",
            "Send to the environment the key is scoped to, or use a key for both environments or for this one; "
                + "set the key's scope as the developer account shows it."),
    ]

    /// 404, 405, 410, 413, 429, 500, 503: path, method, token gone, size, rates, APNs itself.
    static let deliveryReasons: [APNsReason] = [
        .init(
            404, "BadPath", "The request path is not /3/device/<token>.",
            "Report this: Pushboard built the path."),
        .init(405, "MethodNotAllowed", "APNs accepts only POST.", "Report this: Pushboard sends POST."),
        .init(
            410, "ExpiredToken", "The device token has expired.",
            "Remove the device and copy a fresh token from the app."),
        .init(
            410, "Unregistered",
            "The device token is no longer active for the topic: the app was uninstalled or turned pushes off.",
            "Remove the device, or install the app again and copy its new token."),
        .init(
            413, "PayloadTooLarge", "The payload is larger than APNs allows (4096 bytes; 5120 for VoIP).",
            "Shorten the payload; the validator shows the byte count."),
        .init(
            429, "TooManyProviderTokenUpdates",
            "The provider token was renewed too often (more than once in 20 minutes).",
            "Wait 20 minutes before the key's next new token; Pushboard reuses its tokens for 30 minutes."),
        .init(
            429, "TooManyRequests", "Too many requests went to the same device token in a short time.",
            "Wait a while before sending to this device again."),
        .init(
            500, "InternalServerError", "APNs had an internal error.", "Send again in a few minutes."),
        .init(
            503, "ServiceUnavailable", "APNs is unavailable for now.", "Send again in a few minutes."),
        .init(
            503, "Shutdown", "The APNs server was shutting down.", "Send again: another server answers."),
    ]

    /// The broadcast (channel) API's own answers.
    static let broadcastReasons: [APNsReason] = [
        .init(
            400, "FeatureNotEnabled", "Broadcast pushes are not enabled for this app.",
            "Turn on the Broadcast capability for the app in the developer account.", broadcast: true),
        .init(
            400, "MissingChannelId", "The apns-channel-id header is missing.",
            "Give the channel ID the app's channel was created with.", broadcast: true),
        .init(
            400, "BadChannelId", "The channel ID is not a valid base64 channel ID.",
            "Copy the channel ID again (base64, as the channel API returned it).", broadcast: true),
        .init(
            400, "ChannelNotRegistered", "No channel with this ID exists for the app in this environment.",
            "Create the channel, or use the environment it was created in.", broadcast: true),
        .init(
            400, "BadRequestParams", "The broadcast request's parameters are not valid.",
            "Check the bundle ID and the channel's message storage policy.", broadcast: true),
        .init(
            400, "BadRequestPayload", "The broadcast payload is not valid.",
            "Check the payload: a broadcast updates or ends a Live Activity and cannot start one.",
            broadcast: true),
        .init(
            400, "MissingPushType", "The apns-push-type header is missing.",
            "Broadcasts need apns-push-type: liveactivity.", broadcast: true),
        .init(
            400, "CannotCreateChannelConfig",
            "The channel could not be created (the app has too many channels?).",
            "Delete channels the app no longer uses.", broadcast: true),
        .init(
            403, "TopicMismatch", "The channel belongs to another app than the topic names.",
            "Use the bundle ID of the app the channel was created for.", broadcast: true),
    ]
}
