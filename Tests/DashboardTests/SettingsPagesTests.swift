import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// The workspace settings through the whole `Dashboard` responder: the /settings form (a
/// multipart upload) and the JSON API save, the icon is served as a sandboxed PNG with an ETag,
/// and every platter then draws the app name and the icon instead of "App" and the grey square.
@Suite struct SettingsPagesTests {
    static let icon =
        FileManager.default.contents(
            atPath: DashboardFixture.repositoryRoot + "/tests/fixtures/app-icon-48.png"
        ).map { Array($0) } ?? []
    /// A multipart body as a browser sends the settings form.
    static func form(name: String, bundleID: String, icon: [UInt8]?) -> [UInt8] {
        MultipartBody.encode([
            MultipartBody.field("appName", name), MultipartBody.field("appBundleID", bundleID),
            MultipartBody.Part(
                name: "appIcon", filename: icon == nil ? "" : "icon.png", contentType: "image/png",
                body: icon ?? []),
        ])
    }

    static func post(_ fixture: DashboardFixture, _ body: [UInt8]) -> Response {
        fixture.dashboard.respond(
            to: Request(
                method: .post, target: "/settings",
                headers: [
                    "Content-Type": MultipartBody.contentType,
                    "Origin": "http://127.0.0.1:8080",
                    "Host": "127.0.0.1:8080",
                ],
                body: body, remoteAddress: "127.0.0.1"))
    }

    @Test func pageHasTheThreeLabelledFieldsAndAMultipartForm() throws {
        let fixture = try DashboardFixture()
        let page = DashboardFixture.text(fixture.send(.get, "/settings"))
        #expect(page.contains(#"enctype="multipart/form-data""#))
        for (id, label) in [
            ("settings-app-name", "App name"), ("settings-app-icon", "App icon"),
            ("settings-app-bundle-id", "App bundle ID"),
        ] {
            #expect(page.contains(#"<label for="\#(id)">\#(label)</label>"#), "\(label)")
        }
        #expect(page.contains(#"type="file" id="settings-app-icon" name="appIcon" accept="image/png""#))
    }

    @Test func formSavesAndEveryPlatterDrawsTheNameAndIcon() throws {
        let fixture = try DashboardFixture()
        #expect(Self.icon.count > 100)
        let before = DashboardFixture.text(fixture.send(.get, "/notifications/new"))
        #expect(before.contains(#"<span class="platter-icon" aria-hidden="true"></span>"#))
        #expect(!before.contains("/settings/icon.png"))

        let saved = Self.post(
            fixture, Self.form(name: "Zprávy <b>", bundleID: "cz.example.zpravy", icon: Self.icon))
        #expect(saved.status == .seeOther)
        #expect(saved.headers["Location"] == "/settings?saved=1")
        let page = DashboardFixture.text(fixture.send(.get, "/settings?saved=1"))
        #expect(page.contains("Settings saved."))
        #expect(page.contains(#"value="Zprávy &lt;b&gt;""#))
        #expect(page.contains(#"value="cz.example.zpravy""#))

        let served = fixture.send(.get, "/settings/icon.png")
        #expect(served.status == .ok)
        #expect(served.body == Self.icon)
        #expect(served.headers["Content-Type"] == "image/png")
        #expect(served.headers["X-Content-Type-Options"] == "nosniff")
        #expect(served.headers["Content-Security-Policy"] == "sandbox; default-src 'none'")
        let tag = try #require(served.headers["ETag"])
        let again = fixture.send(.get, "/settings/icon.png", headers: ["If-None-Match": tag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)

        let composer = DashboardFixture.text(
            fixture.send(.get, "/notifications/new?device=iphone-393"))
        let url = "/settings/icon.png?v=" + tag.filter { $0 != "\"" }
        #expect(composer.contains(#"<img class="platter-icon" src="\#(url)" alt="">"#))
        #expect(!composer.contains(#"<span class="platter-icon""#))
        #expect(composer.contains("Zprávy &lt;b&gt;"))

        // Leaving the file field empty keeps the icon; the name can change alone.
        #expect(Self.post(fixture, Self.form(name: "Zprávy", bundleID: "", icon: nil)).status == .seeOther)
        #expect(fixture.send(.get, "/settings/icon.png").body == Self.icon)
    }

    @Test func theWorkspaceBundleIDIsTheComposersDefaultBundleID() throws {
        let fixture = try DashboardFixture()
        let field = #"id="bundle" name="bundle" value=""#
        let before = DashboardFixture.text(fixture.send(.get, "/notifications/new"))
        #expect(before.contains(field + #"""#))
        let saved = Self.post(fixture, Self.form(name: "Zprávy", bundleID: "cz.example.zpravy", icon: nil))
        #expect(saved.status == .seeOther)
        let composer = DashboardFixture.text(fixture.send(.get, "/notifications/new"))
        #expect(composer.contains(field + #"cz.example.zpravy""#))
        // The curl command uses it as the topic when the Topic header is empty.
        #expect(composer.contains("apns-topic: cz.example.zpravy"))
    }

    @Test func refusedFieldsAre422WithTheLimitAndNothingSaved() throws {
        let fixture = try DashboardFixture()
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 1, count: 64)
        let answer = Self.post(
            fixture, Self.form(name: String(repeating: "x", count: 65), bundleID: "cz.příklad", icon: jpeg))
        #expect(answer.status == .unprocessableContent)
        let page = DashboardFixture.text(answer)
        #expect(page.contains("the limit is 64"))
        #expect(page.contains("must be a PNG file"))
        #expect(page.contains("only A–Z, a–z, 0–9"))
        #expect(page.contains(#"value="cz.příklad""#))
        #expect(fixture.send(.get, "/settings/icon.png").status == .notFound)
        let json = DashboardFixture.text(fixture.send(.get, "/api/v1/settings"))
        #expect(json == #"{"appName":null,"appBundleID":null,"appIcon":null}"#)

        let broken = Self.post(fixture, Array("--nope\r\n".utf8))
        #expect(broken.status == .badRequest)
        var notUTF8 = Self.form(name: "X", bundleID: "", icon: nil)
        notUTF8[try #require(notUTF8.firstIndex(of: UInt8(ascii: "X")))] = 0xFF
        #expect(Self.post(fixture, notUTF8).status == .badRequest)
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/settings")).contains(#""appName":null"#))
    }

    @Test func apiSavesNameAndIconAndThePreviewUsesThem() throws {
        let fixture = try DashboardFixture()
        let put = fixture.send(
            .put, "/api/v1/settings", body: #"{"appName":"Trips","appBundleID":"com.example.trips"}"#,
            headers: ["Content-Type": "application/json"])
        #expect(put.status == .ok)
        #expect(
            DashboardFixture.text(put)
                == #"{"appName":"Trips","appBundleID":"com.example.trips","appIcon":null}"#)

        let icon = fixture.dashboard.respond(
            to: Request(
                method: .put, target: "/api/v1/settings/icon", headers: ["Content-Type": "image/png"],
                body: Self.icon))
        #expect(icon.status == .ok)
        let body = DashboardFixture.text(icon)
        #expect(body.contains(#""appIcon":{"url":"/settings/icon.png?v="#))
        #expect(body.contains(#""side":48,"bytes":\#(Self.icon.count)"#))

        let preview = fixture.send(
            .post, "/api/v1/preview?device=iphone-393",
            body: #"{"aps":{"alert":{"body":"Your gate changed."}}}"#,
            headers: ["Content-Type": "application/json", "Accept": "text/plain"])
        #expect(preview.status == .ok)
        #expect(DashboardFixture.text(preview).contains("Trips"))

        let refused = [
            ("PUT", #"{"appName":"\#(String(repeating: "a", count: 65))"}"#, "invalid-appName"),
            ("PUT", #"{"appBundleID":"com example"}"#, "invalid-appBundleID"),
            ("PUT", #"{"appIcon":"x"}"#, "invalid-field"),
            ("PUT", #"{"appName":3}"#, "invalid-field"),
        ]
        for (_, json, code) in refused {
            let answer = fixture.send(
                .put, "/api/v1/settings", body: json, headers: ["Content-Type": "application/json"])
            #expect(answer.status == .unprocessableContent, "\(json)")
            #expect(DashboardFixture.text(answer).contains(#""code":"\#(code)""#), "\(json)")
        }
        let notPNG = fixture.send(
            .put, "/api/v1/settings/icon", body: "GIF89a", headers: ["Content-Type": "image/png"])
        #expect(notPNG.status == .unprocessableContent)
        #expect(DashboardFixture.text(notPNG).contains("must be a PNG file"))
        let wrongType = fixture.send(
            .put, "/api/v1/settings/icon", body: "x", headers: ["Content-Type": "image/gif"])
        #expect(wrongType.status == .unsupportedMediaType)

        #expect(fixture.send(.delete, "/api/v1/settings/icon").status == .noContent)
        #expect(fixture.send(.get, "/settings/icon.png").status == .notFound)
        let cleared = fixture.send(
            .put, "/api/v1/settings", body: #"{"appName":null}"#,
            headers: ["Content-Type": "application/json"])
        #expect(
            DashboardFixture.text(cleared)
                == #"{"appName":null,"appBundleID":"com.example.trips","appIcon":null}"#)
    }
}
