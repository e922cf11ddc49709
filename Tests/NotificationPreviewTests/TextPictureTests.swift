import Testing

@testable import NotificationPreview

/// The shape of the CONTRACT §2 picture, whatever the text.
struct TextPictureTests {
    @Test func boxesAreRectangularEvenWithTabsEmojiAndWideText() {
        let content = PreviewContent(
            title: .plain("Tab\there 漢字"), body: .plain("👨‍👩‍👧‍👦 e\u{301} 🇨🇿\t" + SampleTexts.vietnamese),
            category: .registered(SampleTexts.messageCategory()))
        let picture = PreviewEngine.preview(content, device: .iphone320, surfaces: [], hiddenPreviews: false)
            .textPicture()
        var boxWidth: Int?
        for line in picture.split(separator: "\n") where !line.hasPrefix("note:") {
            let columns = String(line).terminalColumns
            if line.hasPrefix("── ") {
                boxWidth = columns
            } else {
                #expect(columns == boxWidth, "\(line)")
                if line.hasPrefix("│") { #expect(line.hasPrefix("│ ") && line.hasSuffix(" │")) }
            }
        }
    }

    @Test func titleRowCarriesTheTimestampAndButtonsAreBracketed() {
        let content = PreviewContent(
            title: .plain("Nová zpráva"), body: .plain(SampleTexts.czech),
            category: .registered(SampleTexts.messageCategory()))
        let picture = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.lockScreen, .expanded], hiddenPreviews: false
        ).textPicture()
        let lines = picture.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("── lockScreen · iphone-393 · "))
        #expect(lines[1].hasPrefix("│ Nová zpráva ") && lines[1].hasSuffix(" now │"))
        #expect(lines.contains { $0.hasPrefix("│ ") && $0.contains("… ") })  // the cut body line
        #expect(lines.contains { $0.hasPrefix("│ [Odpovědět] [Smazat] [Připomenout později]") })
    }
}
