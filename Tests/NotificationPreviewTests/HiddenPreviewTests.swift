import Testing

@testable import NotificationPreview

/// Hidden previews (ios-rendering.md §1.5).
struct HiddenPreviewTests {
    /// A notification with everything hidden previews replace.
    func content(_ category: PreviewCategory?, threadCount: Int = 1) -> PreviewContent {
        PreviewContent(
            title: .plain("Anna"), subtitle: .plain("Rodina"), body: .plain("Tajná zpráva"),
            media: .image(aspectRatio: 1), category: category.map { .registered($0) } ?? .none,
            threadCount: threadCount)
    }

    @Test func titleBecomesNotificationAndBodyThePlaceholder() {
        let category = PreviewCategory(identifier: "m", hiddenPreviewsBodyPlaceholder: "%u nových zpráv")
        let preview = PreviewEngine.preview(
            content(category, threadCount: 5), device: .iphone393, surfaces: [], hiddenPreviews: true)
        for surface in preview.surfaces {
            #expect(surface.title.lines == ["Notification"])
            #expect(surface.subtitle.lines.isEmpty)
            #expect(surface.body.lines == ["5 nových zpráv"])
            #expect(surface.media == nil)
        }
    }

    @Test func showTitleAndSubtitleOptionsKeepThem() {
        let category = PreviewCategory(
            identifier: "m", hiddenPreviewsShowTitle: true, hiddenPreviewsShowSubtitle: true,
            hiddenPreviewsBodyPlaceholder: "Nová zpráva")
        let preview = PreviewEngine.preview(
            content(category), device: .iphone393, surfaces: [.lockScreen], hiddenPreviews: true)
        #expect(preview.surfaces[0].title.lines == ["Anna"])
        #expect(preview.surfaces[0].subtitle.lines == ["Rodina"])
        #expect(preview.surfaces[0].body.lines == ["Nová zpráva"])
    }

    @Test func withoutAPlaceholderTheBodyIsEmptyAndTheCountDefaultsToOne() {
        let none = PreviewEngine.preview(
            content(nil), device: .iphone393, surfaces: [.lockScreen], hiddenPreviews: true)
        #expect(none.surfaces[0].body.lines.isEmpty)
        let category = PreviewCategory(identifier: "m", hiddenPreviewsBodyPlaceholder: "%u new")
        let zero = PreviewEngine.preview(
            content(category, threadCount: 0), device: .iphone393, surfaces: [.lockScreen],
            hiddenPreviews: true)
        #expect(zero.surfaces[0].body.lines == ["1 new"])
    }
}
