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
        let urls = try Self.fontURLs()
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
        #expect(faces.count == 10)
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
        #expect(html.contains("iOS 17–18"))
    }

    private static func px(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))px" : "\(value)px"
    }
}
