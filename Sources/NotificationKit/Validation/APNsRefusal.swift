import JSON

/// What APNs answers instead of delivering, for a finding that makes it refuse the request: the
/// HTTP status and the `reason` of its error body (apns-rules.md §8). The page's "Not delivered"
/// overlay, the API's text picture and the command line all read it from here, the one place
/// that maps a diagnostic to APNs' answer.
///
/// Only findings whose answer Apple documents are mapped; a finding APNs may accept and then
/// drop or delay (a background push at priority 10) is not a refusal and maps to nothing.
public struct APNsRefusal: Sendable, Hashable {
    /// The HTTP status APNs answers, 400 or 413.
    public let status: Int
    /// The `reason` of APNs' error body, such as `PayloadTooLarge`.
    public let reason: String

    /// "413 PayloadTooLarge": the status and the reason as people and logs quote them.
    public var description: String { "\(status) \(reason)" }

    /// The sentence every surface shows: "Not delivered: APNs answers 413 PayloadTooLarge".
    public var sentence: String { "Not delivered: APNs answers \(description)" }

    /// The reason's entry in the one table of APNs' answers (`APNsReason`), with its meaning
    /// and advice; every refusal names a documented reason (a test holds them to it).
    public var documented: APNsReason? { APNsReason.named(reason) }

    /// APNs' answer to a request with `diagnostic` (an error), checked as `pushType`, or nil when
    /// APNs would not refuse the request for it.
    public static func answer(to diagnostic: Diagnostic, pushType: String) -> APNsRefusal? {
        guard diagnostic.severity == .error else { return nil }
        if diagnostic.code == PayloadCode.headerTopicSuffix.code {
            // The bare bundle ID is a forbidden topic for a Live Activity; elsewhere the topic
            // names another app's push type than the token's.
            return pushType == "liveactivity"
                ? answering("TopicDisallowed") : answering("DeviceTokenNotForTopic")
        }
        return table[diagnostic.code]
    }

    /// The documented answers by diagnostic code (apns-rules.md §7, §8; docs/validation-rules.md
    /// quotes each beside its code).
    static let table: [String: APNsRefusal] = [
        JSONReadCode.empty.code: answering("PayloadEmpty"),
        PayloadCode.payloadTooLarge.code: answering("PayloadTooLarge"),
        PayloadCode.headerPushTypeValue.code: answering("InvalidPushType"),
        PayloadCode.headerPriorityValue.code: answering("BadPriority"),
        PayloadCode.headerTopicMissing.code: answering("MissingTopic"),
        PayloadCode.headerTopicCharacters.code: answering("BadTopic"),
        PayloadCode.headerCollapseIDTooLong.code: answering("BadCollapseId"),
        PayloadCode.headerAPNsIDFormat.code: answering("BadMessageId"),
        PayloadCode.headerExpirationFormat.code: answering("BadExpirationDate"),
        ActivityCode.broadcastChannelMissing.code: answering("MissingChannelId"),
        ActivityCode.broadcastChannelFormat.code: answering("BadChannelId"),
        ActivityCode.broadcastTopic.code: answering("TopicDisallowed"),
    ]

    /// The refusal with `reason`'s status from the one table of APNs' answers (`APNsReason`);
    /// every reason named here is in it (APNsTests' ReasonTableTests holds them to it).
    static func answering(_ reason: String) -> APNsRefusal {
        APNsRefusal(status: APNsReason.named(reason)?.status ?? 400, reason: reason)
    }

    /// Every code the table maps, with the topic suffix's two answers, for the test that holds
    /// docs/validation-rules.md to the same reasons.
    public static var mappedCodes: [String: [String]] {
        var codes = table.mapValues { [$0.reason] }
        codes[PayloadCode.headerTopicSuffix.code] = ["DeviceTokenNotForTopic", "TopicDisallowed"]
        return codes
    }
}

extension ValidationReport {
    /// What APNs answers instead of delivering this payload: the answer to the first error (in
    /// report order) it would refuse, or nil when APNs would accept the request.
    public var apnsRefusal: APNsRefusal? {
        for diagnostic in diagnostics {
            if let answer = APNsRefusal.answer(to: diagnostic, pushType: pushType) { return answer }
        }
        return nil
    }

    /// The top of a text picture for pipelines and people: the summary line (it starts with
    /// `valid` or `invalid`), "Not delivered: APNs answers …" when APNs refuses the request, and
    /// every error, one per line, before any box is drawn.
    public var pictureHeading: String {
        var lines = [summary]
        if let refusal = apnsRefusal { lines.append(refusal.sentence) }
        for diagnostic in diagnostics where diagnostic.severity == .error {
            lines.append("error: \(diagnostic.path): \(diagnostic.message) [\(diagnostic.code)]")
        }
        return lines.map(\.terminalSafe).joined(separator: "\n") + "\n"
    }
}
