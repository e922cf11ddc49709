import JSON
import Testing

@testable import NotificationPreview

/// Issue 29: CarPlay's banner as iOS 26.1 draws it (ios-rendering.md §9): 60 pt, the title on up
/// to 2 lines (1 with a subtitle), the subtitle or the app name as the second line, never the
/// body; and the findings for a message that lives in the body alone.
@Suite struct CarPlayLayoutTests {
    static let longTitle =
        "Your table at Pho Saigon is ready: please come to the front desk within ten minutes"

    static func banner(_ content: PreviewContent) throws -> SurfacePreview {
        try #require(
            PreviewEngine.preview(content, device: .carplay, surfaces: [], hiddenPreviews: false).surfaces
                .first)
    }

    @Test func theGeometryIsIOS26s() {
        let profile = DeviceProfile(.carplay)
        #expect(profile.textLeading == 58)
        #expect(profile.iconSize == 40 && profile.iconLeading == 10)
        #expect(profile.cornerRadius == 20)
        #expect(
            profile.compactColumn == profile.platterWidth - 58 - 12 - PreviewEngine.carPlayControlWidth - 12)
    }

    @Test func aTitleAndABodyShowTheTitleOnTwoLinesAndNoBody() throws {
        let surface = try Self.banner(
            PreviewContent(
                title: .plain(Self.longTitle), body: .plain("Show this message to the host."),
                appName: "Tables"))
        #expect(surface.surface == .carPlayBanner)
        #expect(surface.height == 60)
        #expect(surface.title.lineCount == 2)
        #expect(surface.title.lineLimit == 2)
        #expect(surface.subtitle.lines == ["Tables"])
        #expect(surface.body.lines.isEmpty)
        #expect(surface.media == nil)
    }

    @Test func aTitleAndASubtitleShowOneTitleLineAndTheSubtitle() throws {
        let surface = try Self.banner(
            PreviewContent(
                title: .plain(Self.longTitle), subtitle: .plain("Table 12"), body: .plain("Body text"),
                appName: "Tables"))
        #expect(surface.title.lineCount == 1)
        #expect(surface.title.truncated)
        #expect(surface.subtitle.lines == ["Table 12"])
        #expect(surface.body.lines.isEmpty)
    }

    @Test func onlyABodyShowsTheAppNameAloneAndWarns() throws {
        let allowed = PreviewContent(
            body: .plain("Your table is ready"), appName: "Tables",
            category: .registered(PreviewCategory(identifier: "table", allowsInCarPlay: true)))
        let surface = try Self.banner(allowed)
        #expect(surface.title.lines == ["Tables"])
        #expect(surface.subtitle.lines.isEmpty)
        #expect(surface.body.lines.isEmpty)
        let findings = PreviewMatrix(allowed).diagnostics()
        let carPlay = try #require(findings.first { $0.code == "carplay.body-only" })
        #expect(carPlay.severity == .warning)
        #expect(
            carPlay.message.hasPrefix(
                "The title is empty and the body carries the message: CarPlay shows only the app name"))
        let watch = try #require(findings.first { $0.code == "watch.short-look.title-only" })
        #expect(watch.severity == .info)
        // Without allowInCarPlay the same finding is only information.
        let elsewhere = PreviewMatrix.surfaceDiagnostics(PreviewContent(body: .plain("Your table is ready")))
        #expect(elsewhere.first { $0.code == "carplay.body-only" }?.severity == .info)
        // A title carries the message: nothing to say.
        #expect(
            PreviewMatrix.surfaceDiagnostics(PreviewContent(title: .plain("Ready"), body: .plain("x")))
                .isEmpty)
        // The single-device findings belong to their device.
        #expect(PreviewMatrix.surfaceDiagnostics(allowed, on: .carplay).map(\.code) == ["carplay.body-only"])
        #expect(
            PreviewMatrix.surfaceDiagnostics(allowed, on: .watch).map(\.code) == [
                "watch.short-look.title-only"
            ])
        #expect(PreviewMatrix.surfaceDiagnostics(allowed, on: .iphone393).isEmpty)
    }

    @Test func theTextPictureAndTheMatrixCarryTheCarPlayLines() throws {
        let content = PreviewContent(title: .plain(Self.longTitle), body: .plain("Body"), appName: "Tables")
        let picture = PreviewEngine.preview(content, device: .carplay, surfaces: [], hiddenPreviews: false)
            .textPicture()
        let surface = try Self.banner(content)
        #expect(picture.contains("carPlayBanner · carplay · 60.0 pt"))
        for line in surface.title.lines + ["Tables"] { #expect(picture.contains(line), "\(picture)") }
        #expect(!picture.contains("│ Body"))
        #expect(picture.contains("note: CarPlay never shows the body"))
        let row = try #require(PreviewMatrix(content).rows.first { $0.device == .carplay })
        #expect(row.title.lines == 2 && row.subtitle.lines == 1 && row.body.lines == 0)
    }
}
