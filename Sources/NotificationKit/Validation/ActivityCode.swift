/// The codes of the Live Activity and broadcast checks (issue 14), in one table beside
/// `DiagnosticCode`, so `docs/validation-rules.md` and the tests read the same list.
///
/// The raw value is the stable dotted code of CONTRACT §4; renaming one is a breaking change.
public enum ActivityCode: String, Sendable, CaseIterable {
    // Broadcast requests on iOS 18 channels (apns-rules.md §2, §6, §7, §8 [BCAST] [BCASTERR]).
    /// A broadcast without `apns-channel-id`: APNs answers `MissingChannelId`.
    case broadcastChannelMissing = "broadcast.channel-id.missing"
    /// `apns-channel-id` is not base64 text: APNs answers `BadChannelId`.
    case broadcastChannelFormat = "broadcast.channel-id.format"
    /// A broadcast with `apns-topic`: the path names the app, and a topic gets `TopicDisallowed`.
    case broadcastTopic = "broadcast.topic"
    /// A broadcast whose push type is not `liveactivity` (or is missing: `MissingPushType`).
    case broadcastPushType = "broadcast.push-type"
    /// A broadcast without `apns-priority`, which the broadcast API requires.
    case broadcastPriorityMissing = "broadcast.priority.missing"
    /// A broadcast without `apns-expiration`, which the broadcast API requires.
    case broadcastExpirationMissing = "broadcast.expiration.missing"
    /// A nonzero expiration, which only a channel with Most Recent Message Stored accepts.
    case broadcastExpirationStorage = "broadcast.expiration.storage"
    /// `event: start` on a broadcast: broadcasts cannot start a Live Activity.
    case broadcastStart = "broadcast.start"

    /// The severity before `strict` raises warnings to errors.
    public var severity: Severity {
        switch self {
        case .broadcastExpirationStorage: .info
        default: .error
        }
    }
}

extension DiagnosticSink {
    /// Records an `ActivityCode` finding, exactly as `emit(_:_:at:_:)` records a `DiagnosticCode`.
    mutating func emit(
        _ code: ActivityCode, _ path: @autoclosure () -> String, at span: JSONSpan?, _ message: String
    ) {
        record(code.rawValue, severity: code.severity, path(), at: span, message)
    }
}
