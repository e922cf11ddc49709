@testable import NotificationKit

/// Inputs the first table missed, each once wrongly judged: identifiers compared by canonical
/// equivalence instead of bytes, topics, header values, host-less URLs and empty alerts.
extension ValidatorCaseTable {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    static func category(_ identifier: String, registered: [String]) -> ValidatorInput {
        ValidatorInput(aps(#""alert":"x","category":""# + identifier + #"""#), categories: registered)
    }

    static let pttPayload = #"{"activeSpeaker":"Anna"}"#
    static let pttHeaders = ["apns-topic": "com.example.app.voip-ptt", "apns-priority": "10"]

    static func media(_ url: String) -> ValidatorInput {
        input(#"{"aps":{"alert":"x","mutable-content":1},"media-url":""# + url + #""}"#)
    }

    static let regressions: [ValidatorCase] = [
        // iOS matches `aps.category` byte for byte: NFD is not the registered NFC identifier.
        ValidatorCase(
            .categoryUnregistered, fails: category(nfd, registered: [nfc]),
            passes: category(nfc, registered: [nfc])),
        ValidatorCase(
            .categoryUnregistered, fails: category(nfc, registered: [nfd]),
            passes: category(nfd, registered: [nfd])),
        ValidatorCase(
            .categoryUnregistered, fails: category("CAFE\u{301}", registered: [nfc]),
            passes: category("CAF\u{C9}", registered: [nfc])),
        ValidatorCase(
            .categoryCaseMismatch, fails: category("CAF\u{C9}", registered: [nfc]),
            passes: category("CAFE\u{301}", registered: [nfc])),
        // Token-only push types need the topic; the others may take it from the certificate.
        ValidatorCase(
            .headerTopicMissing,
            fails: typed("liveactivity", aps(#""event":"end","timestamp":1"#)),
            passes: typed("liveactivity", aps(#""event":"end","timestamp":1"#), ["apns-topic": liveTopic])),
        ValidatorCase(
            .headerTopicMissing, fails: typed("location", "{}"),
            passes: typed("location", "{}", ["apns-topic": "com.example.app.location-query"])),
        ValidatorCase(.headerTopicMissing, fails: typed("location", "{}"), passes: input(ok)),
        ValidatorCase(.headerTopicMissing, fails: typed("location", "{}"), passes: typed("voip", "{}")),
        // A bundle ID may end in another type's suffix: a warning, not the error.
        ValidatorCase(
            .headerTopicOtherSuffix, fails: input(ok, ["apns-topic": "com.example.watch.complication"]),
            passes: input(ok, ["apns-topic": "com.example.app"])),
        ValidatorCase(
            .headerTopicSuffix,
            fails: typed(
                "liveactivity", aps(#""event":"end","timestamp":1"#), ["apns-topic": "com.example.app"]),
            passes: input(ok, ["apns-topic": "com.example.watch.complication"])),
        ValidatorCase(
            .headerTopicSuffix, fails: typed("voip", "{}", ["apns-topic": "com.example.app.complication"]),
            passes: ValidatorInput(
                aps(#""content-available":1"#), headers: background5.merging(["apns-topic": "a.voip"]) { $1 })
        ),
        // Header values HTTP cannot carry.
        ValidatorCase(
            .headerValueInvalid, fails: input(ok, ["apns-topic": "a\r\nX: y"]),
            passes: input(ok, ["apns-topic": "com.example.app"])),
        ValidatorCase(
            .headerValueInvalid, fails: input(ok, ["apns-collapse-id": ""]),
            passes: input(ok, ["apns-collapse-id": "chat-1"])),
        ValidatorCase(
            .headerValueInvalid, fails: input(ok, ["apns-collapse-id": "a\u{0}b"]),
            passes: input(ok, ["apns-topic": ""])),
        ValidatorCase(
            .headerValueInvalid, fails: input(ok, ["apns-priority": "10\n"]),
            passes: input(ok, ["apns-priority": "10"])),
        ValidatorCase(
            .headerValueInvalid, fails: input(ok, ["apns-expiration": "0\r"]),
            passes: input(ok, ["apns-expiration": "0"])),
        // A URL needs a host.
        ValidatorCase(
            .mediaInvalidURL, fails: media("https:///y.png"), passes: media("https://example.com/y.png")),
        ValidatorCase(
            .mediaInvalidURL, fails: media("https://:443/y.png"),
            passes: media("https://example.com:443/y.png")),
        // One policy on user info, the media check's (issue 24): refused, as credentials in a
        // payload reach every device in clear.
        ValidatorCase(
            .mediaInvalidURL, fails: media("https://user@example.com:443/y.png"),
            passes: media("https://example.com:443/y.png")),
        ValidatorCase(
            .mediaInvalidURL, fails: media("https://u:p@example.com/y.png"),
            passes: media("https://example.com/u:p@y.png")),
        ValidatorCase(
            .mediaInvalidURL, fails: media("https://example.com:99999/y.png"),
            passes: media("https://example.com:8443/y.png")),
        ValidatorCase(
            .mediaInvalidURL, fails: media("https://user@/y.png"), passes: media("https://[::1]/y.png")),
        ValidatorCase(.mediaInvalidURL, fails: media("https://?x"), passes: media("https://e.com?x")),
        // An alert without content shows nothing.
        ValidatorCase(
            .alertNoContent, fails: input(aps(#""alert":{}"#)), passes: input(aps(#""alert":"x""#))),
        ValidatorCase(
            .alertNoContent, fails: input(aps(#""alert":"""#)),
            passes: input(aps(#""alert":{},"sound":"default""#))),
        ValidatorCase(
            .alertNoContent, fails: input(aps(#""alert":{"title":"","body":""}"#)),
            passes: input(aps(#""alert":{"loc-key":"NEW_MESSAGE"}"#))),
        ValidatorCase(
            .alertNoContent, fails: input(aps(#""alert":{"launch-image":"a.png"}"#)),
            passes: input(aps(#""alert":{"subtitle":"x"},"badge":0"#))),
        ValidatorCase(
            .apsMutableContentNoAlert, fails: input(aps(#""alert":{"title":""},"mutable-content":1"#)),
            passes: input(aps(#""alert":{"title-loc-key":"T"},"mutable-content":1"#))),
        ValidatorCase(
            .apsMutableContentNoAlert, fails: input(aps(#""alert":"","sound":"a","mutable-content":1"#)),
            passes: input(aps(#""alert":"x","mutable-content":1"#))),
        // PushToTalk wants expiration 0, and an absent header is not 0.
        ValidatorCase(
            .headerExpirationPushType, fails: typed("pushtotalk", pttPayload, pttHeaders),
            passes: typed("pushtotalk", pttPayload, pttHeaders.merging(["apns-expiration": "0"]) { $1 })),
    ]
}
