import JSON
import Testing

@testable import NotificationKit

/// The request headers as raw strings with typed accessors.
struct ModelHeaderTests {
    @Test func defaultsFollowAPNs() {
        let headers = APNsHeaders()
        #expect(headers.resolvedPushType == .alert)
        #expect(headers.effectivePriority == 10)
        #expect(headers.priorityValue == nil)
        #expect(headers.fields.isEmpty)
    }

    @Test(arguments: APNsPushType.allCases)
    func everyPushTypeResolves(_ type: APNsPushType) {
        #expect(APNsHeaders(pushType: type.rawValue).resolvedPushType == type)
    }

    @Test func unknownOrMiscasedPushTypesDoNotResolve() {
        #expect(APNsHeaders(pushType: "Alert").resolvedPushType == nil)
        #expect(APNsHeaders(pushType: "liveActivity").resolvedPushType == nil)
        #expect(APNsPushType.allCases.count == 11)
    }

    @Test(
        arguments: [
            ("10", 10), ("5", 5), ("1", 1), (" 5", nil), ("+5", nil), ("5.0", nil), ("", nil), ("ten", nil),
        ] as [(String, Int?)])
    func priorityParsesPlainIntegersOnly(_ raw: String, _ value: Int?) {
        let headers = APNsHeaders(priority: raw)
        #expect(headers.priorityValue == value)
        #expect(headers.effectivePriority == value)
    }

    @Test(
        arguments: [("0", 0), ("1700000000", 1_700_000_000), ("1518000000.5", nil), ("-1", -1), ("1e9", nil)]
            as [(String, Int64?)])
    func expirationParsesPlainIntegersOnly(_ raw: String, _ value: Int64?) {
        #expect(APNsHeaders(expiration: raw).expirationValue == value)
    }

    @Test func collapseIDIsMeasuredInBytes() {
        #expect(APNsHeaders(collapseID: String(repeating: "ř", count: 32)).collapseIDByteCount == 64)
        #expect(APNsHeaders(collapseID: String(repeating: "ř", count: 32) + "x").collapseIDByteCount == 65)
    }

    @Test(arguments: [
        ("123e4567-e89b-12d3-a456-4266554400a0", true), ("123E4567-E89B-12D3-A456-4266554400A0", false),
        ("123e4567e89b12d3a4564266554400a0", false), ("{123e4567-e89b-12d3-a456-4266554400a0}", false),
        ("123e4567-e89b-12d3-a456-4266554400a", false), ("123e4567-e89b-12d3-a456_4266554400a0", false),
    ])
    func apnsIDMustBeCanonical(_ raw: String, _ canonical: Bool) {
        #expect(APNsHeaders(apnsID: raw).hasCanonicalAPNsID == canonical)
    }

    @Test func fieldsMapHeaderNamesCaseInsensitively() {
        let headers = APNsHeaders(fields: [
            "APNs-Push-Type": "background", "apns-priority": "5", "apns-topic": "com.example",
            "x-other": "ignored",
            "apns-collapse-id": "c", "apns-expiration": "0",
            "apns-id": "123e4567-e89b-12d3-a456-4266554400a0", "apns-channel-id": "dHN0LXNyY2gtY2hubA==",
        ])
        #expect(headers.pushType == "background")
        #expect(headers["APNS-TOPIC"] == "com.example")
        #expect(headers["x-other"] == nil)
        #expect(headers.fields.map(\.name) == APNsHeaders.names)
        #expect(headers.dictionary["apns-priority"] == "5")
    }
}

/// Headers bound from a JSON object.
struct ModelHeaderBindingTests {
    @Test func bindsStringsAndReportsTheRest() throws {
        let root = try #require(
            JSONReader().read(#"{"apns-push-type":"voip","APNS-PRIORITY":10,"apns-topic":"a.voip","x":"y"}"#)
                .root)
        let (headers, unknown, diagnostics) = APNsHeaders.bind(root, at: "$.headers")
        #expect(headers == APNsHeaders(pushType: "voip", topic: "a.voip"))
        #expect(unknown.map(\.key) == ["x"])
        #expect(diagnostics.map(\.code) == ["model.type"])
        #expect(diagnostics.map(\.path) == [#"$.headers.APNS-PRIORITY"#])
    }

    @Test func writesBackInHeaderOrder() {
        let headers = APNsHeaders(pushType: "alert", priority: "5", apnsID: "x")
        #expect(
            JSONWriter().string(headers.jsonValue)
                == #"{"apns-push-type":"alert","apns-priority":"5","apns-id":"x"}"#)
    }

    @Test func notAnObjectIsReported() throws {
        let root = try #require(JSONReader().read("[]").root)
        #expect(APNsHeaders.bind(root).diagnostics.map(\.code) == ["model.type"])
    }
}
