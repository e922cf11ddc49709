@testable import NotificationKit

/// Topic characters, a missing push type and broadcast requests (issue 14).
extension ValidatorCaseTable {
    static let channel = "dHN0LXNyY2gtY2hubA=="
    static let broadcastUpdate = aps(#""event":"update","timestamp":1767225600,"content-state":{"score":1}"#)
    static let broadcastHeaders = [
        "apns-push-type": "liveactivity", "apns-channel-id": channel, "apns-priority": "10",
        "apns-expiration": "0",
    ]

    /// A broadcast with `headers` changed by `change` (nil removes a header).
    static func broadcast(
        _ change: [String: String?] = [:], payload: String = broadcastUpdate, declared: Bool = false
    ) -> ValidatorInput {
        var headers = broadcastHeaders
        for (name, value) in change { headers[name] = value }
        var input = ValidatorInput(payload, headers: headers)
        input.target = declared ? .broadcast : nil
        return input
    }

    /// A payload sent through the API (missing push type reported).
    static func api(_ text: String, _ headers: [String: String] = [:]) -> ValidatorInput {
        var input = ValidatorInput(text, headers: headers)
        input.reportsMissingPushType = true
        return input
    }

    static let topicsAndBroadcasts: [ValidatorCase] = [
        ValidatorCase(
            .headerTopicCharacters, fails: input(ok, ["apns-topic": "<your-app-bundle-id>"]),
            passes: input(ok, ["apns-topic": "com.example.my-app"])),
        ValidatorCase(
            .headerTopicCharacters, fails: input(ok, ["apns-topic": "com.example.my_app"]),
            passes: input(ok, ["apns-topic": "com.Example.App2"])),
        ValidatorCase(
            .headerTopicCharacters,
            fails: typed(
                "liveactivity", aps(#""event":"end","timestamp":1"#),
                ["apns-topic": "com.example app.push-type.liveactivity"]),
            passes: typed("liveactivity", aps(#""event":"end","timestamp":1"#), ["apns-topic": liveTopic])),
        ValidatorCase(
            .headerPushTypeMissing, fails: api(ok), passes: api(ok, ["apns-push-type": "alert"])),
        ValidatorCase(
            .headerPushTypeMissing,
            fails: ValidatorInput(#"{"headers":{},"payload":{"aps":{"alert":"x"}}}"#, envelope: true),
            passes: ValidatorInput(
                #"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"x"}}}"#, envelope: true)),
        // The issue's case: declared a broadcast, topic given, no channel id.
        ValidatorCase(
            .broadcastChannelMissing,
            fails: broadcast(["apns-channel-id": nil, "apns-topic": liveTopic], declared: true),
            passes: broadcast(declared: true)),
        ValidatorCase(
            .broadcastTopic,
            fails: broadcast(["apns-channel-id": nil, "apns-topic": liveTopic], declared: true),
            passes: broadcast()),
        ValidatorCase(
            .broadcastChannelFormat, fails: broadcast(["apns-channel-id": "not base64!"]),
            passes: broadcast(["apns-channel-id": "AAAA"])),
        ValidatorCase(
            .broadcastPushType, fails: broadcast(["apns-push-type": "alert"]), passes: broadcast()),
        ValidatorCase(
            .broadcastPushType, fails: broadcast(["apns-push-type": nil]), passes: broadcast()),
        ValidatorCase(
            .broadcastPriorityMissing, fails: broadcast(["apns-priority": nil]),
            passes: broadcast(["apns-priority": "5"])),
        ValidatorCase(
            .broadcastExpirationMissing, fails: broadcast(["apns-expiration": nil]),
            passes: broadcast(["apns-expiration": "1767229200"])),
        ValidatorCase(
            .broadcastExpirationStorage, fails: broadcast(["apns-expiration": "1767229200"]),
            passes: broadcast()),
        ValidatorCase(
            .broadcastStart,
            fails: broadcast(
                payload: aps(
                    #""event":"start","timestamp":1,"alert":"Go","attributes-type":"A","attributes":{}"#)),
            passes: broadcast()),
        // A broadcast may be 5 KB; a device Live Activity push only 4 KB.
        ValidatorCase(
            .payloadTooLarge, fails: broadcast(payload: paddedUpdate(bytes: 5121)),
            passes: broadcast(payload: paddedUpdate(bytes: 5120))),
        // No topic is required on a broadcast (the app is in the path).
        ValidatorCase(
            .headerTopicMissing, fails: typed("liveactivity", broadcastUpdate),
            passes: broadcast()),
    ]

    /// A Live Activity update of exactly `size` bytes, padded in `content-state`.
    static func paddedUpdate(bytes size: Int) -> String {
        let head = #"{"aps":{"event":"update","timestamp":1767225600,"content-state":{"note":""#
        let tail = #""}}}"#
        return head + String(repeating: "a", count: size - head.utf8.count - tail.utf8.count) + tail
    }
}
