import Testing

@testable import NotificationPreview

/// The preview and matrix documents byte for byte against committed goldens (written by the
/// String-appending writer before the document was written straight into bytes), so a faster
/// writer cannot change a key, its order, a number's format or an escape.
struct JSONGoldenTests {
    /// A preview to write: a name for its golden and what to lay out.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let content: PreviewContent
        let device: DeviceID
        var surfaces: [Surface] = []
        var hiddenPreviews = false
        var version: PreviewVersion = .default

        var testDescription: String { name }
    }

    /// A report as the API places it, already serialised.
    static let report =
        #"{"valid":true,"pushType":"alert","size":{"bytes":240,"limit":4096},"diagnostics":[]}"#

    /// Every kind of member the document has: media of each kind and aspect, actions with and
    /// without text input and icon, localized fields, hidden previews, each platform, escapes.
    static let cases: [Case] = [
        Case(
            name: "czech-image-actions",
            content: PreviewContent(
                title: .plain("Nová zpráva"), body: .plain(SampleTexts.czech), media: .image(aspectRatio: 2),
                category: .registered(SampleTexts.messageCategory())),
            device: .iphone393),
        Case(
            name: "localized-hidden",
            content: PreviewContent(
                title: .localized(key: "GAME_PLAY_REQUEST_FORMAT", arguments: ["Jenna", "Frank"]),
                subtitle: .plain("Rodina"), body: .localized(key: "BODY_KEY", arguments: []),
                appName: "Zprávy", media: .video(aspectRatio: nil),
                category: .registered(SampleTexts.messageCategory()), threadCount: 3),
            device: .iphone320, hiddenPreviews: true),
        Case(
            name: "localized-shown",
            content: PreviewContent(
                title: .localized(key: "GAME_PLAY_REQUEST_FORMAT", arguments: ["Jenna", "Frank"]),
                body: .localized(key: "BODY_KEY", arguments: []), media: .audio,
                category: .unregistered(identifier: "Message")),
            device: .iphone440),
        Case(
            name: "carplay",
            content: PreviewContent(
                title: .plain("Order shipped"), body: .plain(SampleTexts.english),
                media: .image(aspectRatio: 1.5),
                category: .registered(SampleTexts.messageCategory(allowsInCarPlay: true))),
            device: .carplay),
        Case(
            name: "watch-audio",
            content: PreviewContent(
                title: .plain("Thông báo mới"), body: .plain(SampleTexts.vietnamese), media: .audio,
                category: .registered(SampleTexts.messageCategory())),
            device: .watch),
        Case(
            name: "legacy-ipad-video",
            content: PreviewContent(
                title: .plain("Weekly digest"), subtitle: .plain("Issue 42"),
                body: .plain(String(repeating: SampleTexts.english + " ", count: 6)), appName: "Digest",
                media: .video(aspectRatio: 16.0 / 9)),
            device: .ipad, version: .ios10to14),
        Case(
            name: "mixed-mac",
            content: PreviewContent(
                title: .plain("Family trip 👨‍👩‍👧‍👦 🇨🇿"),
                body: .plain(
                    "We leave Friday 🚗 morning; Příliš žluťoučký kůň. Tiếng Việt có dấu, 明日の会議は午後三時から。"
                        + " שלום! مرحبا بكم! नमस्ते क्षत्रिय https://example.com/a?b=c&d 👍🏽 and the rest."),
                timestamp: "Yesterday, 8:37 AM", media: .image(aspectRatio: 0.3333)),
            device: .mac),
        Case(
            name: "escapes",
            content: PreviewContent(
                title: .plain("quote \" backslash \\ tab\tcontrol\u{01}\u{1F}"),
                body: .plain("line\u{2028}sep\u{2029}para\nnext\r\nlast e\u{301} \u{7F}"),
                appName: "A \"quoted\" app"),
            device: .iphone375, surfaces: [.expanded, .banner]),
        Case(
            name: "empty-watch-42",
            content: PreviewContent(appName: "", timestamp: ""), device: .watch42),
    ]

    @Test("Preview documents", arguments: cases)
    func preview(_ sample: Case) {
        let result = PreviewEngine.preview(
            sample.content, device: sample.device, surfaces: sample.surfaces,
            hiddenPreviews: sample.hiddenPreviews, version: sample.version)
        GoldenPicture.check(
            result.json(report: Self.report), named: "json-\(sample.name)", fileExtension: "json")
    }

    @Test func previewWithoutReport() {
        let result = PreviewEngine.preview(
            Self.cases[0].content, device: .iphone402, surfaces: [.lockScreen], hiddenPreviews: false)
        GoldenPicture.check(result.json(), named: "json-no-report", fileExtension: "json")
    }

    @Test("Matrix documents", arguments: [0, 6])
    func matrix(_ index: Int) {
        let matrix = PreviewMatrix(Self.cases[index].content)
        GoldenPicture.check(
            matrix.json(report: Self.report), named: "json-matrix-\(Self.cases[index].name)",
            fileExtension: "json")
    }
}
