import JSON

/// Every code the payload validator emits, in one table, so the validator, `docs/validation-rules.md` and
/// the test that keeps them in step all read the same list.
///
/// The raw value is the stable dotted code of CONTRACT §4; renaming one is a breaking change.
/// The reader's `json.*` codes and the category config's `categories.*` codes live with their
/// own types.
public enum PayloadCode: String, DiagnosticCode {
    // Whole payload (apns-rules.md §1–2).
    /// The payload is an array, string, number or `null`, not a dictionary.
    case payloadNotObject = "payload.not-object"
    /// The exact UTF-8 bytes exceed the push type's limit: 4096, or 5120 for `voip`.
    case payloadTooLarge = "payload.too-large"

    // The `aps` dictionary (§1, §3).
    /// No `aps` key, for push types that need one (`alert`, `background`, `liveactivity`, `widgets`,
    /// `controls`).
    case apsMissing = "aps.missing"
    /// `aps` is not a dictionary.
    case apsNotObject = "aps.not-object"
    /// A key Apple does not define inside `aps`.
    case apsUnknownKey = "aps.unknown-key"
    /// A key dropped from Apple's current table that libraries still emit: `url-args`, `alert.action`,
    /// `alert.action-loc-key`, `alert.summary-arg`, `alert.summary-arg-count`.
    case apsLegacyKey = "aps.legacy-key"
    /// `alert` is neither a dictionary nor a string.
    case apsAlertType = "aps.alert.type"
    /// An alert field (`title`, `subtitle`, `body`, `launch-image`, `*-loc-key`) is not a string (Live
    /// Activity `title`/`body` may also be `{"loc-key", "loc-args"}`).
    case apsAlertFieldType = "aps.alert.field.type"
    /// `title-loc-args`, `subtitle-loc-args` or `loc-args` is not an array of strings (a string instead of
    /// the array, or a number inside it).
    case apsAlertLocArgsType = "aps.alert.loc-args.type"
    /// A key the alert dictionary does not define.
    case apsAlertUnknownKey = "aps.alert.unknown-key"
    /// `badge` is not a whole number, for example `"5"` (APNs ignores string badges) or `1.5`.
    case apsBadgeType = "aps.badge.type"
    /// `badge` is negative (or beyond what iOS shows).
    case apsBadgeRange = "aps.badge.range"
    /// `sound` is neither a file name string nor a dictionary.
    case apsSoundType = "aps.sound.type"
    /// A key other than `critical`, `name`, `volume` in the sound dictionary.
    case apsSoundUnknownKey = "aps.sound.unknown-key"
    /// The sound dictionary has no `name`, or it is not a string.
    case apsSoundName = "aps.sound.name"
    /// `critical` is not the number 1 or 0.
    case apsSoundCritical = "aps.sound.critical"
    /// `volume` is not a number from 0 to 1 inclusive (2, -0.1 and strings are invalid).
    case apsSoundCriticalVolume = "aps.sound.critical.volume"
    /// A sound dictionary without `critical: 1`; the dictionary form is for critical alerts.
    case apsSoundNotCritical = "aps.sound.not-critical"
    /// A critical sound (`critical: 1`) without `interruption-level: "critical"`.
    case apsSoundCriticalLevel = "aps.sound.critical.interruption-level"
    /// A key that takes a string (`thread-id`, `category`, `target-content-id`, `filter-criteria`,
    /// `attributes-type`, `input-push-channel`) has another type.
    case apsStringType = "aps.string.type"
    /// A key that takes UNIX seconds (`stale-date`, `timestamp`, `dismissal-date`) is not a number.
    case apsNumberType = "aps.number.type"
    /// `content-state` or `attributes` is not a dictionary.
    case apsObjectType = "aps.object.type"
    /// `content-available` is not a number (`true`, `"1"`).
    case apsContentAvailableType = "aps.content-available.type"
    /// `content-available` is a number other than 1.
    case apsContentAvailableValue = "aps.content-available.value"
    /// `mutable-content` is not a number.
    case apsMutableContentType = "aps.mutable-content.type"
    /// `mutable-content` is a number other than 1.
    case apsMutableContentValue = "aps.mutable-content.value"
    /// `mutable-content: 1` but the alert has no non-empty title, subtitle, body or loc-key, so the
    /// service extension never runs.
    case apsMutableContentNoAlert = "aps.mutable-content.no-alert"
    /// `interruption-level` is not one of `passive`, `active`, `time-sensitive`, `critical` (the Swift case
    /// name `timeSensitive` is not valid).
    case apsInterruptionLevelValue = "aps.interruption-level.value"
    /// `relevance-score` is not a number.
    case apsRelevanceScoreType = "aps.relevance-score.type"
    /// `relevance-score` is outside 0…1 (Live Activity pushes may use any number).
    case apsRelevanceScoreRange = "aps.relevance-score.range"
    /// A Live Activity `event` is not `start`, `update` or `end`.
    case apsEventValue = "aps.event.value"
    /// `content-changed` is not the Boolean `true` (the number 1 does not work).
    case apsContentChangedType = "aps.content-changed.type"
    /// `input-push-token` is not the number 1.
    case apsInputPushTokenValue = "aps.input-push-token.value"

    // Categories (§10).
    /// `category` names no registered category: iOS shows the notification without buttons and says nothing.
    case categoryUnregistered = "category.unregistered"
    /// `category` matches a registered identifier only when case is ignored.
    case categoryCaseMismatch = "category.case-mismatch"
    /// No category registry was given (`--categories`), so `category` was not checked.
    case categoryUnchecked = "category.unchecked"

    // Media attachments (§6, §9).
    /// The media URL key (`media-url`, `image` or `attachment-url`, the first present) is not a string.
    case mediaType = "media.type"
    /// The media URL is not an absolute `scheme://host/…` URL with a non-empty host, so the extension
    /// cannot download it.
    case mediaInvalidURL = "media.invalid-url"
    /// The media URL is not `https`.
    case mediaNotHTTPS = "media.not-https"
    /// A media URL without `mutable-content: 1`: the service extension never runs, so no media shows.
    case mediaRequiresMutableContent = "media.requires-mutable-content"

    // Push type against content (§6).
    /// An `alert` push with no `sound`, no `badge` and no `alert` that shows content.
    case alertNoContent = "alert.no-content"
    /// A `background` push without `content-available: 1`.
    case backgroundContentAvailable = "background.content-available"
    /// A `background` push with an `alert`.
    case backgroundHasAlert = "background.has-alert"
    /// A `background` push with a `sound`.
    case backgroundHasSound = "background.has-sound"
    /// A `background` push with a `badge`.
    case backgroundHasBadge = "background.has-badge"
    /// A `background` push without `apns-priority: 5` (absent means 10): "Using priority 10 is an error.".
    case backgroundPriority = "background.priority"
    /// A `liveactivity` push without `event`.
    case liveActivityEvent = "liveactivity.event.missing"
    /// A Live Activity update or end without `timestamp`.
    case liveActivityTimestamp = "liveactivity.timestamp.missing"
    /// `event: start` without `alert`, `attributes-type` and `attributes`.
    case liveActivityStart = "liveactivity.start.incomplete"
    /// A `widgets` or `controls` push without `content-changed: true`.
    case widgetsContentChanged = "widgets.content-changed.missing"
    /// A `pushtotalk` payload with `aps`.
    case pushToTalkHasAps = "pushtotalk.has-aps"

    // Request headers (§7).
    /// `apns-push-type` is not one of `alert`, `background`, `location`, `voip`, `complication`,
    /// `fileprovider`, `mdm`, `liveactivity`, `pushtotalk`, `widgets`, `controls` (lowercase).
    case headerPushTypeValue = "header.push-type.value"
    /// `apns-priority` is not 10, 5 or 1.
    case headerPriorityValue = "header.priority.value"
    /// The priority is valid but not for this push type: `liveactivity` takes 5 or 10, `pushtotalk` 10.
    case headerPriorityPushType = "header.priority.push-type"
    /// `apns-topic` is empty.
    case headerTopicEmpty = "header.topic.empty"
    /// No `apns-topic` for a push type that works only with token authentication (`liveactivity`,
    /// `location`), where APNs requires the topic.
    case headerTopicMissing = "header.topic.missing"
    /// The topic lacks the suffix this push type requires (`voip` needs `<bundle ID>.voip`).
    case headerTopicSuffix = "header.topic.suffix"
    /// An `alert` or `background` topic ends in another push type's suffix; a bundle ID may.
    case headerTopicOtherSuffix = "header.topic.other-suffix"
    /// `apns-topic` holds a character no bundle ID has (only A–Z, a–z, 0–9, `-` and `.`; the push-type
    /// suffixes use the same set): APNs answers `BadTopic`.
    case headerTopicCharacters = "header.topic.characters"
    /// No `apns-push-type` in an envelope or API request: checked as `alert`, but watchOS requires the
    /// header and features may not work without it.
    case headerPushTypeMissing = "header.push-type.missing"
    /// A header value contains CR, LF or NUL, or `apns-collapse-id` is empty: it cannot be sent.
    case headerValueInvalid = "header.value.invalid"
    /// `apns-collapse-id` is over 64 bytes of UTF-8 (bytes, not characters).
    case headerCollapseIDTooLong = "header.collapse-id.too-long"
    /// `apns-id` is not a canonical UUID: 32 lowercase hex digits as 8-4-4-4-12 (no braces, `urn:`, uppercase
    /// or missing hyphens).
    case headerAPNsIDFormat = "header.apns-id.format"
    /// `apns-expiration` is not a whole number of UNIX seconds (`1518000000.5`, `-1`, `+5`, `1e9`).
    case headerExpirationFormat = "header.expiration.format"
    /// `apns-expiration` lies after the year 5000, which means milliseconds were sent.
    case headerExpirationMilliseconds = "header.expiration.milliseconds"
    /// A `pushtotalk` push with expiration other than 0, or without `apns-expiration`.
    case headerExpirationPushType = "header.expiration.push-type"

    // Envelope lines of `validate --jsonl --envelope`.
    /// The line is not `{"headers": {…}, "payload": {…}}`.
    case envelopeNotObject = "envelope.not-object"
    /// The envelope has no `payload`.
    case envelopePayloadMissing = "envelope.payload.missing"
    /// `headers` is not a dictionary, or a header value is not a string (numbers are accepted as written).
    case envelopeHeadersType = "envelope.headers.type"
    /// A member other than `headers` and `payload`.
    case envelopeUnknownKey = "envelope.unknown-key"
    /// A header other than `apns-push-type`, `apns-priority`, `apns-topic`, `apns-collapse-id`,
    /// `apns-expiration`, `apns-id`.
    case envelopeUnknownHeader = "envelope.headers.unknown"

    /// The severity before `strict` raises warnings to errors.
    public var severity: Severity {
        switch self {
        case .apsUnknownKey, .apsLegacyKey, .apsAlertUnknownKey, .apsSoundUnknownKey,
            .apsContentAvailableValue, .apsMutableContentValue, .apsSoundNotCritical,
            .apsMutableContentNoAlert,
            .categoryUnregistered, .categoryCaseMismatch, .mediaInvalidURL, .mediaNotHTTPS,
            .mediaRequiresMutableContent, .alertNoContent, .pushToTalkHasAps,
            .headerTopicOtherSuffix, .headerPushTypeMissing, .headerExpirationMilliseconds,
            .headerExpirationPushType,
            .envelopeUnknownKey,
            .envelopeUnknownHeader:
            .warning
        case .categoryUnchecked, .apsSoundCriticalLevel:
            .info
        default:
            .error
        }
    }
}
