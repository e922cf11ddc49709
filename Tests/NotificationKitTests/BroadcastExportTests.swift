import Testing

@testable import NotificationKit

/// The curl export of a broadcast goes to the broadcast endpoint with the channel id.
@Suite struct BroadcastExportTests {
    static let payload = Array(ValidatorCaseTable.broadcastUpdate.utf8)
    static let headers = APNsHeaders(fields: ValidatorCaseTable.broadcastHeaders)

    @Test func broadcastCurlNamesTheAppInThePath() throws {
        let command = try PayloadExport(bytes: Self.payload, headers: Self.headers)
            .curlCommand(deviceToken: nil, environment: .production, bundleIdentifier: "com.example.app")
        #expect(command.contains("'https://api.push.apple.com/4/broadcasts/apps/com.example.app'"))
        #expect(command.contains("-H 'apns-channel-id: dHN0LXNyY2gtY2hubA=='"))
        #expect(command.contains("-H 'apns-push-type: liveactivity'"))
        #expect(command.contains("-H 'apns-expiration: 0'"))
        #expect(!command.contains("apns-topic"))
        #expect(!command.contains("/3/device/"))
    }

    @Test func broadcastCurlDropsATopicAndNeedsTheBundle() throws {
        var headers = Self.headers
        headers.topic = "com.example.app.push-type.liveactivity"
        let export = PayloadExport(bytes: Self.payload, headers: headers)
        #expect(
            !(try export.curlCommand(deviceToken: nil, bundleIdentifier: "com.example.app")).contains(
                "apns-topic"))
        #expect(throws: ExportError.missingBroadcastBundle) {
            try export.curlCommand(deviceToken: nil, bundleIdentifier: nil)
        }
        #expect(throws: ExportError.missingBroadcastBundle) {
            try export.curlCommand(deviceToken: nil, bundleIdentifier: "<your-app-bundle-id>")
        }
    }

    @Test func aDeviceLiveActivityUpdateStillGoesToTheDevice() throws {
        let export = PayloadExport(
            bytes: Self.payload, headers: APNsHeaders(pushType: "liveactivity", priority: "10"))
        let command = try export.curlCommand(
            deviceToken: "ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12",
            bundleIdentifier: "com.example.app")
        #expect(
            command.contains("/3/device/ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12"))
        #expect(command.contains("apns-topic: com.example.app.push-type.liveactivity"))
    }
}
