import JSON

/// The codes of the Live Activity and broadcast checks (issue 14), in one table beside
/// `PayloadCode`, so `docs/validation-rules.md` and the tests read the same list.
///
/// The raw value is the stable dotted code of CONTRACT §4; renaming one is a breaking change.
public enum ActivityCode: String, DiagnosticCode {
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

    // Live Activity payloads against the app's own types, and event rules ([LA]).
    /// No activity types were given, or none applies to this update: `content-state` is unchecked.
    case typesUnchecked = "liveactivity.types.unchecked"
    /// `attributes-type` (or the type the request names) is not among the app's imported types.
    case typeUnknown = "liveactivity.type.unknown"
    /// A key the app's type requires is missing: the update never decodes on the device.
    case keyMissing = "liveactivity.key.missing"
    /// A value of the wrong JSON type for the app's property (a string for a `Date`, `null` for a
    /// non-optional).
    case keyType = "liveactivity.key.type"
    /// A key the app's type does not declare: ignored on the device.
    case keyUndeclared = "liveactivity.key.undeclared"
    /// A value that is not one of the enum's raw values.
    case enumValue = "liveactivity.enum.value"
    /// A value of the right JSON type that the property cannot hold (`1.5` for an `Int`, a `UUID`
    /// that is not 8-4-4-4-12 hex, a `URL` with spaces).
    case valueInvalid = "liveactivity.value.invalid"
    /// A `Date` value that only makes sense as Unix time, while ActivityKit reads seconds since 2001.
    case dateUnixTime = "liveactivity.date.unix-time"
    /// `start` or `update` without `content-state`.
    case contentStateMissing = "liveactivity.content-state.missing"
    /// A key that does nothing for this event (`attributes` on an update, `dismissal-date` on a start).
    case eventKey = "liveactivity.event.key"
    /// Both `input-push-token` and `input-push-channel`, or an `input-push-channel` that is not base64.
    case startInput = "liveactivity.start.input"
    /// `input-push-token` / `input-push-channel` need iOS 18.
    case startVersion = "liveactivity.start.ios-version"
    /// `timestamp`, `stale-date` or `dismissal-date` in milliseconds rather than seconds.
    case dateUnit = "liveactivity.date.unit"
    /// `stale-date` at or before `timestamp`: the activity is stale the moment it arrives.
    case staleDatePast = "liveactivity.stale-date.past"
    /// `dismissal-date` more than 4 hours after `timestamp`: the system removes it by then anyway.
    case dismissalDateLate = "liveactivity.dismissal-date.late"
    /// A priority-10 update without an alert, which spends the hourly budget.
    case priorityBudget = "liveactivity.priority.budget"
    /// A Live Activity alert that is a string, lacks a title or a body, or has `sound` outside it.
    case alertShape = "liveactivity.alert.shape"

    /// The severity before `strict` raises warnings to errors.
    public var severity: Severity {
        switch self {
        case .broadcastExpirationStorage, .typesUnchecked, .startVersion: .info
        case .typeUnknown, .keyUndeclared, .dateUnixTime, .eventKey, .dateUnit, .staleDatePast,
            .dismissalDateLate, .priorityBudget, .alertShape:
            .warning
        default: .error
        }
    }
}

extension DiagnosticSink {
    /// Records an `ActivityCode` finding, exactly as `emit(_:_:at:_:)` records a `PayloadCode`.
    mutating func emit(
        _ code: ActivityCode, _ path: @autoclosure () -> String, at span: JSONSpan?, _ message: String
    ) {
        record(code, path(), at: span, message)
    }
}
