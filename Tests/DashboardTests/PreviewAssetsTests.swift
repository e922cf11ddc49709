import Foundation
import HTTPKit
import NotificationPreview
import Testing

@testable import Dashboard

/// The preview's web fonts and its generated geometry: what the browser needs to draw the
/// server's lines exactly as they were measured.
@Suite struct PreviewAssetsTests {
    /// The `url(...)` of every `@font-face` in Public/preview.css.
    static func fontURLs() throws -> [String] {
        let css = try String(
            contentsOfFile: DashboardFixture.repositoryRoot + "/Public/preview.css", encoding: .utf8)
        return css.components(separatedBy: "url(\"").dropFirst().compactMap {
            $0.components(separatedBy: "\")").first
        }
    }

    @Test func everyFontFaceIsShippedAndCachedForever() throws {
        let fixture = try DashboardFixture()
        let all = try Self.fontURLs()
        // The emoji face is the system's font, served apart (EmojiFontTests).
        #expect(all.filter { $0.hasPrefix(EmojiFont.prefix) } == [EmojiFont.path])
        let urls = all.filter { !$0.hasPrefix(EmojiFont.prefix) }
        #expect(urls.count == 10)
        #expect(urls.contains("/static/fonts/Inter-Regular-3.019.woff2"))
        #expect(urls.contains("/static/fonts/Inter-SemiBold-3.019.woff2"))
        for url in urls {
            let response = fixture.send(.get, url)
            #expect(response.status == .ok, "\(url)")
            #expect(response.headers["Content-Type"] == "font/woff2", "\(url)")
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable", "\(url)")
            #expect(Array(response.body.prefix(4)) == Array("wOF2".utf8), "\(url) is not WOFF2")
        }
        let licence = fixture.send(.get, "/static/fonts/OFL.txt")
        #expect(DashboardFixture.text(licence).contains("SIL Open Font License"))
        #expect(fixture.send(.get, "/static/pushboard.css").headers["Cache-Control"] == "public, max-age=300")
    }

    @Test func fontFacesBlockAndNeverSynthesize() throws {
        let css = try String(
            contentsOfFile: DashboardFixture.repositoryRoot + "/Public/preview.css", encoding: .utf8)
        let faces = css.components(separatedBy: "@font-face").dropFirst()
        #expect(faces.count == 11)
        #expect(faces.allSatisfy { $0.contains("font-display: block;") })
        #expect(css.contains("font-synthesis: none;"))
    }

    @Test func geometryIsServedFromTheEngine() throws {
        let response = try DashboardFixture().send(.get, "/preview/geometry.css")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        let css = DashboardFixture.text(response)
        #expect(css == PreviewGeometry.stylesheet())
        for device in DeviceID.allCases {
            let profile = DeviceProfile(device)
            let rule = try #require(
                css.components(separatedBy: ".device-\(device.rawValue) {").dropFirst().first?
                    .components(separatedBy: "}").first)
            #expect(rule.contains("--platter-width: \(Self.px(profile.platterWidth));"), "\(device)")
            #expect(rule.contains("--compact-column: \(Self.px(profile.compactColumn));"), "\(device)")
        }
        #expect(
            css.contains(
                ".pf-title {\n  font-size: 15.15px;\n  font-weight: 600;\n  letter-spacing: -0.23px;"))
        #expect(css.contains(".pf-body .r-emoji { width: 21.75px; }"))
    }

    @Test func layoutLinksThePreviewStylesheets() throws {
        let html = DashboardFixture.text(try DashboardFixture().send(.get, "/notifications/new"))
        #expect(html.contains(#"<link rel="stylesheet" href="/static/preview.css">"#))
        #expect(html.contains(#"<link rel="stylesheet" href="/preview/geometry.css">"#))
        #expect(html.contains("iPhone 16 · 393 pt"))
        #expect(html.contains("iOS 17–26"))
    }

    private static func px(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))px" : "\(value)px"
    }
}

/// The matrix through the API and the composer: `device=all`, the counters, the info.
@Suite struct PreviewMatrixPagesTests {
    static let czech =
        #"{"aps":{"alert":{"title":"Děti byly nadšené z výletu do Krkonoš a chtějí jet znovu","body":"Ahoj"}}}"#

    @Test func deviceAllAnswersTheMatrixWithTheCutInfo() throws {
        let response = try DashboardFixture().send(
            .post, "/api/v1/preview?device=all", body: Self.czech,
            headers: ["Content-Type": "application/json"])
        #expect(response.status == .ok)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(json["ios"] as? String == "17–18")
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.count == DeviceID.allCases.map { $0.surfaces.count }.reduce(0, +))
        let report = try #require(json["report"] as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let cut = try #require(diagnostics.first { $0["code"] as? String == "preview.cut" })
        #expect(cut["severity"] as? String == "info")
        #expect(cut["path"] as? String == "$.aps.alert.title")
        let table = try DashboardFixture().send(
            .post, "/api/v1/preview?device=all", body: Self.czech, headers: ["Accept": "text/plain"])
        #expect(DashboardFixture.text(table).contains("iphone-320  banner"))
    }

    @Test func aSurfaceTheDeviceLacksIs400() throws {
        let response = try DashboardFixture().send(
            .post, "/api/v1/preview?device=watch&surface=banner", body: Self.czech)
        #expect(response.status == .badRequest)
        #expect(DashboardFixture.text(response).contains("shortLook, longLook"))
    }

    @Test func composerShowsCountersTheVersionAndTheDarkStage() throws {
        let fixture = try DashboardFixture()
        let form = [
            "title": "Děti byly nadšené z výletu do Krkonoš a chtějí jet znovu", "body": "Ahoj",
            "ios": "10-14", "previewDark": "on", "compare2": "watch",
        ]
        let body = try String(decoding: JSONSerialization.data(withJSONObject: form), as: UTF8.self)
        let response = fixture.send(
            .post, "/notifications/live", body: body,
            headers: ["Content-Type": "application/json", "Accept": "application/json"])
        #expect(response.status == .ok)
        let json = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let counters = try #require(json["counters"] as? [String: String])
        let title = try #require(counters["title"])
        #expect(title.hasPrefix("56 characters · cut on "))
        #expect(title.contains(" places in all — iPhone SE (1st gen.) · 320 pt"))
        #expect(title.contains("(Banner): “"))
        #expect(counters["body"] == "4 characters · fits every device")
        #expect(counters["subtitle"] == "")
        let regions = try #require(json["regions"] as? [String: String])
        #expect(regions["compact"]?.contains("preview-dark") == true)
        #expect(regions["compact"]?.contains("iOS 10–14") == true)
        #expect(regions["expanded"]?.contains("platter-legacy") == true)
        #expect(regions["validation"]?.contains("preview.cut") == true)
        let side = try #require(regions["sideBySide"])
        for device in ["iphone-320", "watch", "iphone-440"] {
            #expect(side.contains("preview-stage device-\(device) preview-dark"), "\(device)")
        }
        #expect(side.contains(#"data-surface="lockScreen""#) && side.contains(#"data-surface="shortLook""#))
        let page = DashboardFixture.text(fixture.send(.get, "/notifications/new"))
        #expect(page.contains(#"<p class="field-counter" id="counter-title" data-counter-for="title">"#))
        #expect(page.contains(#"<label for="ios">iOS</label>"#))
        #expect(page.contains(#"<label for="previewDark">Dark preview</label>"#))
    }
}
