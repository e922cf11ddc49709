@testable import NotificationKit

/// Every diagnostic code with one failing and one passing input: the table the code-coverage
/// tests run and check for completeness.
enum ValidatorCaseTable {
    static let ok = #"{"aps":{"alert":{"title":"Ahoj","body":"Nová zpráva"}}}"#

    /// A payload whose `aps` holds `members` (written as JSON text).
    static func aps(_ members: String) -> String { #"{"aps":{"# + members + "}}" }

    static func input(_ text: String, _ headers: [String: String] = [:]) -> ValidatorInput {
        ValidatorInput(text, headers: headers)
    }

    static func typed(_ pushType: String, _ text: String, _ headers: [String: String] = [:]) -> ValidatorInput
    {
        ValidatorInput(text, headers: headers.merging(["apns-push-type": pushType]) { $1 })
    }

    static let payload: [ValidatorCase] = [
        ValidatorCase(.payloadNotObject, fails: input("[1,2]"), passes: input(ok)),
        ValidatorCase(
            .payloadTooLarge, fails: input(ValidatorText.payload(ValidatorText.czech, bytes: 4097)),
            passes: input(ValidatorText.payload(ValidatorText.czech, bytes: 4096))),
        ValidatorCase(.apsMissing, fails: input(#"{"data":{"id":1}}"#), passes: input(ok)),
        ValidatorCase(.apsNotObject, fails: input(#"{"aps":"alert"}"#), passes: input(ok)),
        ValidatorCase(
            .apsUnknownKey, fails: input(aps(#""alert":"x","content_available":1"#)),
            passes: input(aps(#""alert":"x","content-available":1"#))),
        ValidatorCase(.apsLegacyKey, fails: input(aps(#""alert":"x","url-args":["a"]"#)), passes: input(ok)),
        ValidatorCase(
            .apsAlertType, fails: input(aps(#""alert":5"#)), passes: input(aps(#""alert":"Ahoj""#))),
        ValidatorCase(.apsAlertFieldType, fails: input(aps(#""alert":{"title":5}"#)), passes: input(ok)),
        ValidatorCase(
            .apsAlertLocArgsType, fails: input(aps(#""alert":{"loc-key":"K","loc-args":"Anna"}"#)),
            passes: input(aps(#""alert":{"loc-key":"K","loc-args":["Anna"]}"#))),
        ValidatorCase(.apsAlertUnknownKey, fails: input(aps(#""alert":{"titel":"x"}"#)), passes: input(ok)),
        ValidatorCase(
            .apsBadgeType, fails: input(aps(#""alert":"x","badge":"5""#)),
            passes: input(aps(#""alert":"x","badge":5"#))),
        ValidatorCase(
            .apsBadgeRange, fails: input(aps(#""alert":"x","badge":-1"#)),
            passes: input(aps(#""alert":"x","badge":0"#))),
        ValidatorCase(
            .apsSoundType, fails: input(aps(#""alert":"x","sound":5"#)),
            passes: input(aps(#""alert":"x","sound":"default""#))),
        ValidatorCase(
            .apsSoundUnknownKey,
            fails: input(aps(#""alert":"x","sound":{"critical":1,"name":"a.caf","volumn":1}"#)),
            passes: input(aps(#""alert":"x","sound":{"critical":1,"name":"a.caf","volume":1}"#))),
        ValidatorCase(
            .apsSoundName, fails: input(aps(#""alert":"x","sound":{"critical":1,"volume":1}"#)),
            passes: input(aps(#""alert":"x","sound":{"critical":1,"name":"default","volume":1}"#))),
        ValidatorCase(
            .apsSoundCritical, fails: input(aps(#""alert":"x","sound":{"critical":true,"name":"default"}"#)),
            passes: input(aps(#""alert":"x","sound":{"critical":1,"name":"default"}"#))),
        ValidatorCase(
            .apsSoundCriticalVolume,
            fails: input(aps(#""alert":"x","sound":{"critical":1,"name":"a","volume":2}"#)),
            passes: input(aps(#""alert":"x","sound":{"critical":1,"name":"a","volume":0.5}"#))),
        ValidatorCase(
            .apsSoundNotCritical, fails: input(aps(#""alert":"x","sound":{"name":"ping.caf","volume":1}"#)),
            passes: input(aps(#""alert":"x","sound":"ping.caf""#))),
        ValidatorCase(
            .apsSoundCriticalLevel, fails: input(aps(#""alert":"x","sound":{"critical":1,"name":"a"}"#)),
            passes: input(
                aps(#""alert":"x","sound":{"critical":1,"name":"a"},"interruption-level":"critical""#))),
        ValidatorCase(
            .apsStringType, fails: input(aps(#""alert":"x","thread-id":5"#)),
            passes: input(aps(#""alert":"x","thread-id":"chat-5""#))),
        ValidatorCase(
            .apsNumberType, fails: input(aps(#""alert":"x","stale-date":"tomorrow""#)),
            passes: input(aps(#""alert":"x","stale-date":1700000000"#))),
        ValidatorCase(
            .apsObjectType, fails: input(aps(#""alert":"x","content-state":"open""#)),
            passes: input(aps(#""alert":"x","content-state":{"open":true}"#))),
        ValidatorCase(
            .apsContentAvailableType, fails: input(aps(#""alert":"x","content-available":true"#)),
            passes: input(aps(#""alert":"x","content-available":1"#))),
        ValidatorCase(
            .apsContentAvailableValue, fails: input(aps(#""alert":"x","content-available":0"#)),
            passes: input(aps(#""alert":"x","content-available":1"#))),
        ValidatorCase(
            .apsMutableContentType, fails: input(aps(#""alert":"x","mutable-content":"1""#)),
            passes: input(aps(#""alert":"x","mutable-content":1"#))),
        ValidatorCase(
            .apsMutableContentValue, fails: input(aps(#""alert":"x","mutable-content":2"#)),
            passes: input(aps(#""alert":"x","mutable-content":1"#))),
        ValidatorCase(
            .apsMutableContentNoAlert, fails: input(aps(#""sound":"default","mutable-content":1"#)),
            passes: input(aps(#""alert":{"body":"x"},"mutable-content":1"#))),
        ValidatorCase(
            .apsInterruptionLevelValue,
            fails: input(aps(#""alert":"x","interruption-level":"timeSensitive""#)),
            passes: input(aps(#""alert":"x","interruption-level":"time-sensitive""#))),
        ValidatorCase(
            .apsRelevanceScoreType, fails: input(aps(#""alert":"x","relevance-score":"high""#)),
            passes: input(aps(#""alert":"x","relevance-score":0.5"#))),
        ValidatorCase(
            .apsRelevanceScoreRange, fails: input(aps(#""alert":"x","relevance-score":1.5"#)),
            passes: input(aps(#""alert":"x","relevance-score":1"#))),
        ValidatorCase(
            .apsEventValue, fails: typed("liveactivity", aps(#""event":"stop","timestamp":1"#)),
            passes: typed("liveactivity", aps(#""event":"end","timestamp":1"#))),
        ValidatorCase(
            .apsContentChangedType, fails: typed("widgets", aps(#""content-changed":1"#)),
            passes: typed("widgets", aps(#""content-changed":true"#))),
        ValidatorCase(
            .apsInputPushTokenValue, fails: input(aps(#""alert":"x","input-push-token":2"#)),
            passes: input(aps(#""alert":"x","input-push-token":1"#))),
    ]

    static let categories: [ValidatorCase] = [
        ValidatorCase(
            .categoryUnregistered,
            fails: ValidatorInput(aps(#""alert":"x","category":"chat""#), categories: ["message"]),
            passes: ValidatorInput(aps(#""alert":"x","category":"message""#), categories: ["message"])),
        ValidatorCase(
            .categoryCaseMismatch,
            fails: ValidatorInput(aps(#""alert":"x","category":"Message""#), categories: ["message"]),
            passes: ValidatorInput(aps(#""alert":"x","category":"message""#), categories: ["message"])),
        ValidatorCase(
            .categoryUnchecked, fails: input(aps(#""alert":"x","category":"message""#)),
            passes: ValidatorInput(aps(#""alert":"x","category":"message""#), categories: ["message"])),
        ValidatorCase(
            .mediaType, fails: input(#"{"aps":{"alert":"x","mutable-content":1},"media-url":5}"#),
            passes: input(
                #"{"aps":{"alert":"x","mutable-content":1},"media-url":"https://example.com/a.jpg"}"#)),
        ValidatorCase(
            .mediaInvalidURL, fails: input(#"{"aps":{"alert":"x","mutable-content":1},"media-url":"a.jpg"}"#),
            passes: input(
                #"{"aps":{"alert":"x","mutable-content":1},"media-url":"https://example.com/a.jpg"}"#)),
        ValidatorCase(
            .mediaNotHTTPS,
            fails: input(
                #"{"aps":{"alert":"x","mutable-content":1},"media-url":"http://example.com/a.jpg"}"#),
            passes: input(
                #"{"aps":{"alert":"x","mutable-content":1},"media-url":"https://example.com/a.jpg"}"#)),
        ValidatorCase(
            .mediaRequiresMutableContent,
            fails: input(#"{"aps":{"alert":"x"},"media-url":"https://e.com/a.jpg"}"#),
            passes: input(#"{"aps":{"alert":"x","mutable-content":1},"media-url":"https://e.com/a.jpg"}"#)),
    ]
}
