import Foundation
import JSON
import Testing

@testable import NotificationKit

/// The payload exports keep the validated bytes and survive any text in a shell.
struct ExportPayloadTests {
    static let tricky = [
        #"{"aps":{"alert":"It's $(rm -rf /) and `id` and $HOME"}}"#,
        "{\"aps\":{\"alert\":\"line one\"},\n \"data\": \"'\\n' ''' \\\\ \\\" !x ${x}\"}",
        #"{"aps":{"alert":{"title":"Nová zpráva 😀","body":"Xin chào, bạn có khỏe không? 'single' \"double\""}}}"#,
        "{\"a\":\"'\"}\n",
    ]

    @Test(arguments: tricky)
    func jsonExportIsTheValidatedBytes(_ payload: String) {
        let bytes = Array(payload.utf8)
        #expect(PayloadExport(bytes: bytes).json() == bytes)
    }

    @Test(arguments: tricky)
    func singleQuotingRoundTripsThroughSh(_ text: String) throws {
        let output = try ExportProcess.run("/bin/sh", ["-c", "printf %s " + POSIXShell.quote(text)])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == Array(text.utf8))
    }

    @Test(arguments: tricky)
    func curlCommandPassesEveryArgumentIntact(_ payload: String) throws {
        let headers = APNsHeaders(
            pushType: "alert", priority: "10", topic: "com.example.app", collapseID: "it's $(x)")
        let export = PayloadExport(bytes: Array(payload.utf8), headers: headers)
        let command = try export.curlCommand(
            deviceToken: "a1B2000000000000000000000000000000000000000000000000000000000000",
            environment: .production)
        // Replace curl by a function that prints each argument NUL-terminated.
        let script = "APNS_AUTH_TOKEN=jwt; curl() { printf '%s\\0' \"$@\"; }\n" + command
        let output = try ExportProcess.run("/bin/sh", ["-c", script])
        #expect(output.status == 0, "\(output.stderr)")
        let arguments = output.stdout.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(
            arguments == [
                "--http2", "-H", "apns-push-type: alert", "-H", "apns-priority: 10", "-H",
                "apns-topic: com.example.app",
                "-H", "apns-collapse-id: it's $(x)", "-H", "authorization: bearer jwt", "--data-binary",
                payload,
                "https://api.push.apple.com/3/device/a1B2000000000000000000000000000000000000000000000000000000000000",
            ])
    }

    @Test func curlDefaultsToTheSandboxAndAPlaceholderToken() throws {
        let command = try PayloadExport(
            bytes: Array("{}".utf8), headers: APNsHeaders(topic: "com.example.app")
        )
        .curlCommand(deviceToken: nil)
        #expect(command.contains("'https://api.sandbox.push.apple.com/3/device/DEVICE_TOKEN'"))
        #expect(command.contains("-H 'apns-push-type: alert'"))
        #expect(command.hasPrefix("curl --http2 \\\n"))
    }

    @Test func curlRefusesWhatTheShellOrHTTPCannotCarry() {
        let payload = Array("{}".utf8)
        #expect(throws: ExportError.self) {
            try PayloadExport(bytes: payload).curlCommand(deviceToken: "abc; rm")
        }
        #expect(throws: ExportError.invalidHeaderValue(name: "apns-topic")) {
            try PayloadExport(bytes: payload, headers: APNsHeaders(topic: "a\r\nx: y")).curlCommand(
                deviceToken: nil)
        }
        #expect(throws: ExportError.invalidHeaderValue(name: "apns-collapse-id")) {
            try PayloadExport(bytes: payload, headers: APNsHeaders(topic: "com.example.app", collapseID: ""))
                .curlCommand(deviceToken: nil)
        }
        #expect(throws: ExportError.invalidHeaderValue(name: "apns-topic")) {
            try PayloadExport(bytes: payload).curlCommand(deviceToken: nil, bundleIdentifier: "a\nb")
        }
        #expect(throws: ExportError.containsNUL) {
            try PayloadExport(bytes: [0x7B, 0, 0x7D]).curlCommand(deviceToken: nil)
        }
        #expect(throws: ExportError.notUTF8) {
            try PayloadExport(bytes: [0x7B, 0xFF, 0x7D]).curlCommand(deviceToken: nil)
        }
    }

    /// Token authentication needs apns-topic: the bundle ID plus the push type's suffix when no
    /// topic header is given, an explicit topic otherwise, and a refusal without either.
    @Test(
        arguments: [
            (nil, "com.example.app"), ("alert", "com.example.app"), ("background", "com.example.app"),
            ("voip", "com.example.app.voip"), ("complication", "com.example.app.complication"),
            ("fileprovider", "com.example.app.pushkit.fileprovider"),
            ("location", "com.example.app.location-query"),
            ("liveactivity", "com.example.app.push-type.liveactivity"),
            ("pushtotalk", "com.example.app.voip-ptt"), ("widgets", "com.example.app.push-type.widgets"),
            ("controls", "com.example.app.push-type.controls"),
        ] as [(String?, String)])
    func curlTopicComesFromTheBundle(_ pushType: String?, _ topic: String) throws {
        let export = PayloadExport(bytes: Array("{}".utf8), headers: APNsHeaders(pushType: pushType))
        let command = try export.curlCommand(deviceToken: nil, bundleIdentifier: "com.example.app")
        #expect(command.contains("-H " + POSIXShell.quote("apns-topic: " + topic) + " \\\n"))
        let given = PayloadExport(
            bytes: Array("{}".utf8), headers: APNsHeaders(pushType: pushType, topic: "org.example.given"))
        let explicit = try given.curlCommand(deviceToken: nil, bundleIdentifier: "com.example.app")
        #expect(explicit.contains("'apns-topic: org.example.given'"))
        #expect(!explicit.contains("com.example.app"))
    }

    @Test func curlWithoutTopicOrBundleIsRefused() {
        let payload = Array("{}".utf8)
        #expect(throws: ExportError.missingTopic(pushType: "alert")) {
            try PayloadExport(bytes: payload).curlCommand(deviceToken: nil)
        }
        #expect(throws: ExportError.missingTopic(pushType: "liveactivity")) {
            try PayloadExport(bytes: payload, headers: APNsHeaders(pushType: "liveactivity"))
                .curlCommand(deviceToken: nil, bundleIdentifier: "")
        }
        #expect(throws: ExportError.missingTopic(pushType: "mdm")) {
            try PayloadExport(bytes: payload, headers: APNsHeaders(pushType: "mdm"))
                .curlCommand(deviceToken: nil, bundleIdentifier: "com.example.app")
        }
        #expect(
            ExportError.missingTopic(pushType: "alert").description
                == "apns-topic is required with token authentication; give --topic or --bundle.")
    }

    @Test(arguments: [
        (#"{"aps":{"badge":1}}"#, #"{"Simulator Target Bundle":"com.example.app","aps":{"badge":1}}"#),
        ("{}", #"{"Simulator Target Bundle":"com.example.app"}"#),
        (
            "  {\n  \"aps\" : {} }\n",
            "  {\"Simulator Target Bundle\":\"com.example.app\",\n  \"aps\" : {} }\n"
        ),
        (
            #"{"aps":{},"Simulator Target Bundle": "old"}"#,
            #"{"aps":{},"Simulator Target Bundle": "com.example.app"}"#
        ),
    ])
    func simulatorFileSplicesTheBundleIntoTheExactBytes(_ payload: String, _ expected: String) throws {
        let file = try PayloadExport(bytes: Array(payload.utf8)).simulatorFile(
            bundleIdentifier: "com.example.app")
        #expect(String(decoding: file, as: UTF8.self) == expected)
        #expect(JSONReader().read(file).isValid)
    }

    @Test func simulatorFileWithoutBundleIsUnchanged() throws {
        let bytes = Array(#"{"aps":{"alert":"x"}}"#.utf8)
        #expect(try PayloadExport(bytes: bytes).simulatorFile(bundleIdentifier: nil) == bytes)
        #expect(throws: ExportError.notAnObject) {
            try PayloadExport(bytes: Array("[1]".utf8)).simulatorFile(bundleIdentifier: "x")
        }
    }

    @Test func simulatorWarningsNameSimctlLimits() {
        let big = Array(("{\"aps\":{\"alert\":\"" + String(repeating: "x", count: 4100) + "\"}}").utf8)
        let codes = PayloadExport.simulatorWarnings(file: big, headers: APNsHeaders(pushType: "voip")).map(
            \.code)
        #expect(codes == ["export.simulator.too-large", "export.simulator.push-type"])
        #expect(
            PayloadExport.simulatorWarnings(file: Array("{}".utf8), headers: APNsHeaders()).map(\.code) == [
                "export.simulator.no-aps"
            ])
        #expect(
            PayloadExport.simulatorWarnings(file: Array(#"{"aps":{}}"#.utf8), headers: APNsHeaders()).isEmpty)
    }
}

/// A device token goes into the curl command only when it can be one APNs issued (issue 25).
@Suite struct DeviceTokenShapeTests {
    @Test(arguments: [
        ("a1b2c3", "is 3 bytes (6 hexadecimal digits)"), ("abc", "an odd number"),
        ("ab12 cd", "\" \", which is not a hexadecimal digit"), ("", "is empty"),
        (String(repeating: "ab", count: 256), "at most 255"),
    ])
    func aTokenOfTheWrongShapeIsRefusedSayingWhy(token: String, reason: String) {
        #expect(throws: ExportError.self) {
            try PayloadExport(bytes: Array("{}".utf8), headers: APNsHeaders(topic: "com.example.app"))
                .curlCommand(deviceToken: token)
        }
        #expect(
            DeviceTokenShape.problem(token)?.contains(reason) == true,
            "\(DeviceTokenShape.problem(token) ?? "")")
    }

    @Test(arguments: [String(repeating: "0f", count: 32), String(repeating: "AB", count: 80)])
    func phoneAndSimulatorTokensPass(token: String) throws {
        #expect(DeviceTokenShape.problem(token) == nil)
        let command = try PayloadExport(
            bytes: Array("{}".utf8), headers: APNsHeaders(topic: "com.example.app")
        )
        .curlCommand(deviceToken: token)
        #expect(command.contains("/3/device/\(token)'"))
    }
}
