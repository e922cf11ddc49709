import Testing

@testable import NotificationPreview

/// Geometry, line limits, heights and media placement per device and surface.
struct LayoutTests {
    @Test(
        "Compact text column = platter − 81 (ios-rendering.md §1.1)",
        arguments: [
            (DeviceID.iphone320, 223.0), (.iphone375, 278), (.iphone390, 293), (.iphone393, 296),
            (.iphone402, 305), (.iphone414, 317), (.iphone428, 331), (.iphone430, 333), (.iphone440, 343),
            (.ipad, 475),
        ])
    func compactColumn(device: DeviceID, column: Double) {
        let content = PreviewContent(title: .plain("T"), body: .plain("B"), timestamp: "")
        let preview = PreviewEngine.preview(
            content, device: device, surfaces: [.lockScreen], hiddenPreviews: false)
        #expect(preview.surfaces[0].body.columnWidth == column)
        #expect(preview.surfaces[0].title.columnWidth == column)
    }

    @Test func timestampShortensTheTitleAndTheThumbnailNarrowsSubtitleAndBody() {
        let content = PreviewContent(
            title: .plain("T"), subtitle: .plain("S"), body: .plain("B"), timestamp: "now",
            media: .image(aspectRatio: 1))
        let surface = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.banner], hiddenPreviews: false
        )
        .surfaces[0]
        let stamp = PreviewFont.timestamp.width(of: "now")
        #expect(abs(surface.title.columnWidth - (296 - stamp - 10)) < 0.0001)
        #expect((258...264).contains(surface.title.columnWidth))  // reference: ≈262
        #expect(surface.subtitle.columnWidth == 254)
        #expect(surface.body.columnWidth == 254)
        #expect(surface.media?.placement == .thumbnail)
        #expect(surface.height >= 77)
    }

    @Test(
        "Line limits per surface",
        arguments: [
            (Surface.banner, 2 as Int?), (.lockScreen, 4), (.notificationCenter, 4), (.expanded, nil),
        ])
    func lineLimits(surface: Surface, bodyLimit: Int?) {
        let content = PreviewContent(
            title: .plain("T"), subtitle: .plain("S"), body: .plain(SampleTexts.english))
        let preview = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [surface], hiddenPreviews: false
        )
        .surfaces[0]
        #expect(preview.title.lineLimit == 1)
        #expect(preview.subtitle.lineLimit == 1)
        #expect(preview.body.lineLimit == bodyLimit)
        #expect(preview.body.truncated == (bodyLimit != nil))
    }

    @Test func compactHeightsFollowTheLineBoxes() {
        let short = PreviewContent(title: .plain("T"), body: .plain("B"))
        let one = PreviewEngine.preview(
            short, device: .iphone393, surfaces: [.lockScreen], hiddenPreviews: false)
        #expect(one.surfaces[0].height == 66)  // minimum: 14 + 38 + 14
        let long = PreviewContent(title: .plain("T"), body: .plain(SampleTexts.english))
        let four = PreviewEngine.preview(
            long, device: .iphone393, surfaces: [.lockScreen], hiddenPreviews: false)
        #expect(abs(four.surfaces[0].height - (28 + 17.9 + 4 * 17.5)) < 0.0001)
    }

    @Test func expandedMediaIsFullWidthWithItsAspectRatio() throws {
        let content = PreviewContent(title: .plain("T"), body: .plain("B"), media: .image(aspectRatio: 1.5))
        let surface = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false
        )
        .surfaces[0]
        let media = try #require(surface.media)
        #expect(media.placement == .fullWidth)
        #expect(media.width == 377)
        #expect(abs(media.height - 377 / 1.5) < 0.0001)
        #expect(!media.aspectRatioAssumed)
    }

    @Test func expandedHeightCapsTheVisiblePartAt400Points() {
        let shortContent = PreviewContent(title: .plain("T"), body: .plain("Short."))
        let short = PreviewEngine.preview(
            shortContent, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false)
        #expect(short.surfaces[0].scrolls == false)
        #expect(short.surfaces[0].visibleHeight == short.surfaces[0].height)
        let longBody = String(repeating: SampleTexts.english + "\n", count: 4)
        let longContent = PreviewContent(title: .plain("T"), body: .plain(longBody))
        let long = PreviewEngine.preview(
            longContent, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false)
        #expect(long.surfaces[0].scrolls == true)
        #expect(long.surfaces[0].scale == 0.9)
        #expect(abs((long.surfaces[0].visibleHeight ?? 0) * 0.9 - 400) < 0.001, "400 pt on the screen")
        #expect(long.surfaces[0].height > 400)
        let withMedia = PreviewEngine.preview(
            PreviewContent(title: .plain("T"), body: .plain(longBody), media: .image(aspectRatio: 2)),
            device: .iphone393, surfaces: [.expanded], hiddenPreviews: false)
        #expect(withMedia.surfaces[0].scale == nil)
        #expect(withMedia.surfaces[0].visibleHeight == 400)
        #expect(!long.surfaces[0].body.truncated)
    }

    @Test func missingTitleShowsTheAppName() {
        let content = PreviewContent(body: .plain("Body"), appName: "Pushboard")
        let preview = PreviewEngine.preview(content, device: .iphone393, surfaces: [], hiddenPreviews: false)
        #expect(preview.surfaces[0].title.lines == ["Pushboard"])
        #expect(preview.surfaces[3].title.lines == ["Pushboard"], "iOS 17–18: the compact layout")
        #expect(preview.surfaces[3].header == nil)
        let legacy = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false, version: .ios10to14)
        #expect(legacy.surfaces[0].header == "PUSHBOARD")
    }

    @Test func emptySurfaceListMeansEverySurfaceInContractOrder() {
        let preview = PreviewEngine.preview(
            PreviewContent(), device: .iphone393, surfaces: [], hiddenPreviews: false)
        #expect(preview.surfaces.map(\.surface) == [.banner, .lockScreen, .notificationCenter, .expanded])
    }

    @Test func localizedKeysAreShownAsPlaceholdersAndNoted() {
        let content = PreviewContent(
            body: .localized(key: "GAME_PLAY_REQUEST_FORMAT", arguments: ["Jenna", "Frank"]))
        let preview = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false)
        let lines = preview.surfaces[0].body.lines
        #expect(lines.joined(separator: " ") == "⟨GAME_PLAY_REQUEST_FORMAT: Jenna, Frank⟩")
        #expect(preview.surfaces[0].body.localizationKey == "GAME_PLAY_REQUEST_FORMAT")
        #expect(preview.notes.contains { $0.contains("strings file") })
    }

    @Test(
        "A surface sharing the Lock Screen's layout equals the one laid out alone",
        arguments: JSONGoldenTests.cases.indices)
    func sharedCompactLayout(index: Int) {
        let sample = JSONGoldenTests.cases[index]
        for device in [DeviceID.iphone393, .ipad, .mac] {
            let all = PreviewEngine.preview(
                sample.content, device: device, surfaces: [], hiddenPreviews: false)
            for surface in all.surfaces {
                let alone = PreviewEngine.preview(
                    sample.content, device: device, surfaces: [surface.surface], hiddenPreviews: false)
                #expect(alone.surfaces == [surface], "\(device) \(surface.surface)")
            }
        }
    }

    @Test(
        "The unregistered-category note reads as its sentence",
        arguments: ["", "message", "MESSAGE", "zpráva \"x\" 👍🏽"])
    func unregisteredNote(identifier: String) {
        #expect(
            ResolvedContent.unregisteredNote(identifier)
                == "The category \"\(identifier)\" is not registered, so iOS shows no action buttons.")
    }
}
