import NotificationKit
import Testing

@testable import NotificationPreview

/// The content the API previews (`PreviewContent(analysis:)`, bound from the flat document)
/// is the content of the payload bound from the tree, with and without a registry, so the
/// preview answer is the same document it was.
struct ContentFromAnalysisTests {
    static let categories = CategoryConfig(categories: [
        NotificationCategory(
            identifier: "message",
            actions: [
                NotificationAction(identifier: "reply", title: "Odpovědět"),
                NotificationAction(identifier: "delete", title: "Smazat", options: [.destructive]),
            ],
            options: [.hiddenPreviewsShowTitle], hiddenPreviewsBodyPlaceholder: "%u zpráv")
    ])

    static let payloads = [
        #"{"aps":{"alert":{"title":"Nová zpráva","body":"Ahoj! Jak se máš?"},"category":"message"}}"#,
        #"{"aps":{"alert":{"title":"x"},"category":"Message"},"media-url":"https://e.com/v.MOV?a=b"}"#,
        #"{"aps":{"alert":{"title-loc-key":"T","title-loc-args":["J"],"body":{"loc-key":"B"}}}}"#,
        #"{"aps":{"alert":"Only a body","category":"unknown"},"image":"https://e.com/i.png"}"#,
        #"{"aps":{"alert":5},"attachment-url":"https://e.com/s.m4a"}"#,
        #"{"aps":{"category":"message","category":5}}"#,
        #"{"aps":[],"media-url":"https://e.com/a.png"}"#, #"[1]"#, "{",
    ]

    @Test(arguments: payloads, [false, true])
    func contentIsThePayloadsContent(_ text: String, withRegistry: Bool) {
        let lookup = withRegistry ? CategoryLookup(Self.categories) : nil
        let analysis = PayloadAnalysis(payload: Array(text.utf8), registry: lookup)
        let expected = PreviewContent(
            payload: analysis.payloadOrEmpty, registry: withRegistry ? Self.categories : nil,
            appName: "Zprávy")
        #expect(PreviewContent(analysis: analysis, appName: "Zprávy") == expected)
    }

    @Test func aRegisteredCategoryResolvesAndAnUnknownOneDoesNot() {
        let lookup = CategoryLookup(Self.categories)
        let registered = PreviewContent(
            analysis: PayloadAnalysis(payload: Array(Self.payloads[0].utf8), registry: lookup))
        #expect(registered.category.registeredCategory?.actions.map(\.identifier) == ["reply", "delete"])
        let cased = PreviewContent(
            analysis: PayloadAnalysis(payload: Array(Self.payloads[1].utf8), registry: lookup))
        #expect(cased.category == .unregistered(identifier: "Message"))
        #expect(cased.media == .video(aspectRatio: nil))
        let noRegistry = PreviewContent(
            analysis: PayloadAnalysis(payload: Array(Self.payloads[0].utf8), registry: nil))
        #expect(noRegistry.category == .unregistered(identifier: "message"))
    }
}
