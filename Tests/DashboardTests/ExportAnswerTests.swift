import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// Exports say what to send in the words of whoever asked (issue 25, point 8): the API names
/// request headers and query parameters, never command-line options; a device token of the
/// wrong shape is refused before it reaches a curl command; "Download .apns" without a bundle
/// ID asks for one instead of handing over a file simctl cannot deliver.
@Suite struct ExportAnswerTests {
    static let payload = #"{"aps":{"alert":{"title":"Hi","body":"There"}}}"#
    static let json: HTTPHeaders = ["Content-Type": "application/json"]
    static let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]

    @Test func theAPISaysWhichHeaderOrParameterToSendNotWhichOption() throws {
        let fixture = try DashboardFixture()
        let answer = fixture.send(.post, "/api/v1/export?format=curl", body: Self.payload, headers: Self.json)
        #expect(answer.status == .badRequest)
        let text = DashboardFixture.text(answer)
        #expect(text.contains(#""code":"invalid-export""#))
        #expect(text.contains("apns-topic request header") && text.contains("bundle=com.example.app"))
        #expect(!text.contains("--"), "\(text)")
    }

    @Test(arguments: ["a1b2c3", "abc", "zz" + String(repeating: "0", count: 62)])
    func aDeviceTokenOfTheWrongShapeIsA400NamingIt(token: String) throws {
        let fixture = try DashboardFixture()
        let answer = fixture.send(
            .post, "/api/v1/export?format=curl&bundle=com.example.app&deviceToken=\(token)",
            body: Self.payload,
            headers: Self.json)
        #expect(answer.status == .badRequest)
        let text = DashboardFixture.text(answer)
        #expect(text.contains(#""code":"invalid-device-token""#))
        #expect(text.contains("deviceToken"))
        let good = fixture.send(
            .post,
            "/api/v1/export?format=curl&bundle=com.example.app&deviceToken="
                + String(repeating: "ab", count: 32),
            body: Self.payload, headers: Self.json)
        #expect(good.status == .ok)
    }

    @Test func theComposerSaysWhatIsWrongWithTheDeviceToken() throws {
        let fixture = try DashboardFixture()
        let page = DashboardFixture.text(
            fixture.send(
                .post, "/notifications/new",
                body: "intent=export&title=Hi&bundle=com.example.app&deviceToken=a1b2c3", headers: Self.form))
        #expect(page.contains("is 3 bytes (6 hexadecimal digits)"))
        #expect(!page.contains("/3/device/a1b2c3"))
    }

    @Test func downloadApnsWithoutABundleIDAsksForIt() throws {
        let fixture = try DashboardFixture()
        let asked = fixture.send(
            .post, "/notifications/new/export.apns", body: "title=Hi", headers: Self.form)
        #expect(asked.status == .unprocessableContent)
        let page = DashboardFixture.text(asked)
        #expect(page.contains("Download .apns needs your app&#39;s bundle ID"))
        #expect(page.contains("xcrun simctl push booted com.example.app FILE"))

        let typed = fixture.send(
            .post, "/notifications/new/export.apns", body: "title=Hi&bundle=com.example.chat",
            headers: Self.form)
        #expect(typed.status == .ok)
        #expect(DashboardFixture.text(typed).contains(#""Simulator Target Bundle":"com.example.chat""#))

        // The topic of an alert push is the bundle ID itself.
        let topic = fixture.send(
            .post, "/notifications/new/export.apns", body: "title=Hi&topic=com.example.shop",
            headers: Self.form)
        #expect(DashboardFixture.text(topic).contains(#""Simulator Target Bundle":"com.example.shop""#))

        // The workspace's bundle ID (Settings) is used when the field is left empty.
        _ = fixture.send(
            .put, "/api/v1/settings", body: #"{"appBundleID": "com.example.app"}"#, headers: Self.json)
        let workspace = fixture.send(
            .post, "/notifications/new/export.apns", body: "title=Hi", headers: Self.form)
        #expect(workspace.status == .ok)
        #expect(DashboardFixture.text(workspace).contains(#""Simulator Target Bundle":"com.example.app""#))
    }
}
