/// Every code the validator emits, in one table, so the validator, `docs/validation-rules.md` and
/// the test that keeps them in step all read the same list.
///
/// The raw value is the stable dotted code of CONTRACT §4; renaming one is a breaking change.
/// The reader's `json.*` codes and the category config's `categories.*` codes live with their
/// own types.
public enum DiagnosticCode: String, Sendable, CaseIterable {
    // Whole payload (apns-rules.md §1–2).
    case payloadNotObject = "payload.not-object"
    case payloadTooLarge = "payload.too-large"

    // The `aps` dictionary (§1, §3).
    case apsMissing = "aps.missing"
    case apsNotObject = "aps.not-object"
    case apsUnknownKey = "aps.unknown-key"
    case apsLegacyKey = "aps.legacy-key"
    case apsAlertType = "aps.alert.type"
    case apsAlertFieldType = "aps.alert.field.type"
    case apsAlertLocArgsType = "aps.alert.loc-args.type"
    case apsAlertUnknownKey = "aps.alert.unknown-key"
    case apsBadgeType = "aps.badge.type"
    case apsBadgeRange = "aps.badge.range"
    case apsSoundType = "aps.sound.type"
    case apsSoundUnknownKey = "aps.sound.unknown-key"
    case apsSoundName = "aps.sound.name"
    case apsSoundCritical = "aps.sound.critical"
    case apsSoundCriticalVolume = "aps.sound.critical.volume"
    case apsSoundCriticalLevel = "aps.sound.critical.interruption-level"
    case apsStringType = "aps.string.type"
    case apsNumberType = "aps.number.type"
    case apsObjectType = "aps.object.type"
    case apsContentAvailableType = "aps.content-available.type"
    case apsContentAvailableValue = "aps.content-available.value"
    case apsMutableContentType = "aps.mutable-content.type"
    case apsMutableContentValue = "aps.mutable-content.value"
    case apsMutableContentNoAlert = "aps.mutable-content.no-alert"
    case apsInterruptionLevelValue = "aps.interruption-level.value"
    case apsRelevanceScoreType = "aps.relevance-score.type"
    case apsRelevanceScoreRange = "aps.relevance-score.range"
    case apsEventValue = "aps.event.value"
    case apsContentChangedType = "aps.content-changed.type"
    case apsInputPushTokenValue = "aps.input-push-token.value"

    // Categories (§10).
    case categoryUnregistered = "category.unregistered"
    case categoryCaseMismatch = "category.case-mismatch"
    case categoryUnchecked = "category.unchecked"

    // Media attachments (§6, §9).
    case mediaType = "media.type"
    case mediaInvalidURL = "media.invalid-url"
    case mediaNotHTTPS = "media.not-https"
    case mediaRequiresMutableContent = "media.requires-mutable-content"

    // Push type against content (§6).
    case alertNoContent = "alert.no-content"
    case backgroundContentAvailable = "background.content-available"
    case backgroundHasAlert = "background.has-alert"
    case backgroundHasSound = "background.has-sound"
    case backgroundHasBadge = "background.has-badge"
    case backgroundPriority = "background.priority"
    case liveActivityEvent = "liveactivity.event.missing"
    case liveActivityTimestamp = "liveactivity.timestamp.missing"
    case liveActivityStart = "liveactivity.start.incomplete"
    case widgetsContentChanged = "widgets.content-changed.missing"
    case pushToTalkHasAps = "pushtotalk.has-aps"

    // Request headers (§7).
    case headerPushTypeValue = "header.push-type.value"
    case headerPriorityValue = "header.priority.value"
    case headerPriorityPushType = "header.priority.push-type"
    case headerTopicEmpty = "header.topic.empty"
    case headerTopicSuffix = "header.topic.suffix"
    case headerCollapseIDTooLong = "header.collapse-id.too-long"
    case headerAPNsIDFormat = "header.apns-id.format"
    case headerExpirationFormat = "header.expiration.format"
    case headerExpirationMilliseconds = "header.expiration.milliseconds"
    case headerExpirationPushType = "header.expiration.push-type"

    // Envelope lines of `validate --jsonl --envelope`.
    case envelopeNotObject = "envelope.not-object"
    case envelopePayloadMissing = "envelope.payload.missing"
    case envelopeHeadersType = "envelope.headers.type"
    case envelopeUnknownKey = "envelope.unknown-key"
    case envelopeUnknownHeader = "envelope.headers.unknown"

    /// The severity before `strict` raises warnings to errors.
    public var severity: Severity {
        switch self {
        case .apsUnknownKey, .apsLegacyKey, .apsAlertUnknownKey, .apsSoundUnknownKey,
            .apsContentAvailableValue, .apsMutableContentValue, .apsMutableContentNoAlert,
            .categoryUnregistered, .categoryCaseMismatch, .mediaInvalidURL, .mediaNotHTTPS,
            .mediaRequiresMutableContent, .alertNoContent, .pushToTalkHasAps,
            .headerExpirationMilliseconds, .headerExpirationPushType, .envelopeUnknownKey,
            .envelopeUnknownHeader:
            .warning
        case .categoryUnchecked, .apsSoundCriticalLevel:
            .info
        default:
            .error
        }
    }
}
