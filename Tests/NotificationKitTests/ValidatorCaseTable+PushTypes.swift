@testable import NotificationKit

extension ValidatorCaseTable {
    static let background5 = ["apns-push-type": "background", "apns-priority": "5"]
    static let liveTopic = "com.example.app.push-type.liveactivity"

    static let pushTypes: [ValidatorCase] = [
        ValidatorCase(.alertNoContent, fails: input(aps(#""content-available":1"#)), passes: input(ok)),
        ValidatorCase(
            .backgroundContentAvailable,
            fails: ValidatorInput(aps(#""content-available":0"#), headers: background5),
            passes: ValidatorInput(aps(#""content-available":1"#), headers: background5)),
        ValidatorCase(
            .backgroundHasAlert,
            fails: ValidatorInput(aps(#""content-available":1,"alert":"Ahoj""#), headers: background5),
            passes: ValidatorInput(aps(#""content-available":1"#), headers: background5)),
        ValidatorCase(
            .backgroundHasSound,
            fails: ValidatorInput(aps(#""content-available":1,"sound":"default""#), headers: background5),
            passes: ValidatorInput(aps(#""content-available":1"#), headers: background5)),
        ValidatorCase(
            .backgroundHasBadge,
            fails: ValidatorInput(aps(#""content-available":1,"badge":3"#), headers: background5),
            passes: ValidatorInput(aps(#""content-available":1"#), headers: background5)),
        ValidatorCase(
            .backgroundPriority, fails: typed("background", aps(#""content-available":1"#)),
            passes: ValidatorInput(aps(#""content-available":1"#), headers: background5)),
        ValidatorCase(
            .liveActivityEvent,
            fails: typed("liveactivity", aps(#""timestamp":1700000000,"content-state":{}"#)),
            passes: typed("liveactivity", aps(#""event":"update","timestamp":1700000000,"content-state":{}"#))
        ),
        ValidatorCase(
            .liveActivityTimestamp,
            fails: typed("liveactivity", aps(#""event":"update","content-state":{}"#)),
            passes: typed("liveactivity", aps(#""event":"update","timestamp":1700000000,"content-state":{}"#))
        ),
        ValidatorCase(
            .liveActivityStart,
            fails: typed("liveactivity", aps(#""event":"start","timestamp":1,"alert":"Go""#)),
            passes: typed(
                "liveactivity",
                aps(#""event":"start","timestamp":1,"alert":"Go","attributes-type":"Trip","attributes":{}"#))),
        ValidatorCase(
            .widgetsContentChanged, fails: typed("widgets", aps("")),
            passes: typed("widgets", aps(#""content-changed":true"#))),
        ValidatorCase(
            .pushToTalkHasAps, fails: typed("pushtotalk", aps(#""alert":"x""#)),
            passes: typed("pushtotalk", #"{"activeSpeaker":"Anna"}"#)),
    ]

    static let headers: [ValidatorCase] = [
        ValidatorCase(
            .headerPushTypeValue, fails: typed("Alert", ok), passes: typed("alert", ok)),
        ValidatorCase(
            .headerPriorityValue, fails: input(ok, ["apns-priority": "7"]),
            passes: input(ok, ["apns-priority": "10"])),
        ValidatorCase(
            .headerPriorityPushType,
            fails: typed("liveactivity", aps(#""event":"end","timestamp":1"#), ["apns-priority": "1"]),
            passes: typed("liveactivity", aps(#""event":"end","timestamp":1"#), ["apns-priority": "5"])),
        ValidatorCase(
            .headerTopicEmpty, fails: input(ok, ["apns-topic": ""]),
            passes: input(ok, ["apns-topic": "com.example.app"])),
        ValidatorCase(
            .headerTopicSuffix, fails: typed("voip", #"{"call":1}"#, ["apns-topic": "com.example.app"]),
            passes: typed("voip", #"{"call":1}"#, ["apns-topic": "com.example.app.voip"])),
        ValidatorCase(
            .headerCollapseIDTooLong,
            fails: input(ok, ["apns-collapse-id": String(repeating: "ř", count: 32) + "x"]),
            passes: input(ok, ["apns-collapse-id": String(repeating: "ř", count: 32)])),
        ValidatorCase(
            .headerAPNsIDFormat, fails: input(ok, ["apns-id": "123E4567-E89B-12D3-A456-4266554400A0"]),
            passes: input(ok, ["apns-id": "123e4567-e89b-12d3-a456-4266554400a0"])),
        ValidatorCase(
            .headerExpirationFormat, fails: input(ok, ["apns-expiration": "1518000000.5"]),
            passes: input(ok, ["apns-expiration": "1518000000"])),
        ValidatorCase(
            .headerExpirationMilliseconds, fails: input(ok, ["apns-expiration": "1518000000000"]),
            passes: input(ok, ["apns-expiration": "0"])),
        ValidatorCase(
            .headerExpirationPushType,
            fails: typed("pushtotalk", #"{"activeSpeaker":"Anna"}"#, ["apns-expiration": "1518000000"]),
            passes: typed("pushtotalk", #"{"activeSpeaker":"Anna"}"#, ["apns-expiration": "0"])),
    ]

    static func envelope(_ text: String) -> ValidatorInput {
        ValidatorInput(text, envelope: true)
    }

    static let envelopes: [ValidatorCase] = [
        ValidatorCase(.envelopeNotObject, fails: envelope("[" + ok + "]"), passes: envelope(wrapped)),
        ValidatorCase(
            .envelopePayloadMissing, fails: envelope(#"{"headers":{}}"#), passes: envelope(wrapped)),
        ValidatorCase(
            .envelopeHeadersType, fails: envelope(#"{"headers":[],"payload":"# + ok + "}"),
            passes: envelope(wrapped)),
        ValidatorCase(
            .envelopeUnknownKey, fails: envelope(#"{"name":"x","payload":"# + ok + "}"),
            passes: envelope(wrapped)),
        ValidatorCase(
            .envelopeUnknownHeader, fails: envelope(#"{"headers":{"apns-prio":"5"},"payload":"# + ok + "}"),
            passes: envelope(wrapped)),
    ]

    static let wrapped = #"{"headers":{"apns-push-type":"alert","apns-priority":10},"payload":"# + ok + "}"

    /// The reader's faults, as the validator reports them.
    static let reader: [ValidatorCase] = [
        ValidatorCase("json.empty", fails: input(""), passes: input(ok)),
        ValidatorCase(
            "json.bom", fails: ValidatorInput(bytes: [0xEF, 0xBB, 0xBF] + Array(ok.utf8)), passes: input(ok)),
        ValidatorCase(
            "json.invalid-utf8",
            fails: ValidatorInput(
                bytes: Array(#"{"aps":{"alert":""#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8)),
            passes: input(ok)),
        ValidatorCase("json.syntax", fails: input(#"{"aps":{"alert" "x"}}"#), passes: input(ok)),
        ValidatorCase(
            "json.control-character", fails: input("{\"aps\":{\"alert\":\"a\tb\"}}"), passes: input(ok)),
        ValidatorCase(
            "json.invalid-escape", fails: input(aps(#""alert":"\U0159""#)),
            passes: input(aps(#""alert":"\u0159""#))),
        ValidatorCase(
            "json.lone-surrogate", fails: input(aps(#""alert":"\uDEAD""#)),
            passes: input(aps(#""alert":"\uD83D\uDE00""#))),
        ValidatorCase(
            "json.invalid-number", fails: input(aps(#""alert":"x","relevance-score":NaN"#)),
            passes: input(aps(#""alert":"x","relevance-score":0.5"#))),
        ValidatorCase(
            "json.number-out-of-range", fails: input(#"{"aps":{"alert":"x"},"n":1e400}"#),
            passes: input(#"{"aps":{"alert":"x"},"n":1e300}"#)),
        ValidatorCase(
            "json.duplicate-key", fails: input(aps(#""alert":"x","alert":"y""#)),
            passes: input(aps(#""alert":"x""#))),
        ValidatorCase(
            "json.trailing-comma", fails: input(aps(#""alert":"x","#)), passes: input(aps(#""alert":"x""#))),
        ValidatorCase("json.trailing-data", fails: input(ok + " {}"), passes: input(ok + " \n")),
        ValidatorCase(
            "json.too-deep",
            fails: input(#"{"aps":{"alert":"x"},"d":"# + String(repeating: "[", count: 100_000)),
            passes: input(
                #"{"aps":{"alert":"x"},"d":"# + String(repeating: "[", count: 100)
                    + String(repeating: "]", count: 100) + "}")),
        ValidatorCase(
            "json.too-many-errors",
            fails: input(aps(#""alert":"x""# + String(repeating: #","alert":"y""#, count: 150))),
            passes: input(aps(#""alert":"x""#))),
    ]

    /// Every case of the table.
    static let all =
        payload + categories + pushTypes + headers + envelopes + reader + regressions + topicsAndBroadcasts
        + activities
}
