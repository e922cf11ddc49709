import Foundation
import Testing

@testable import NotificationPreview

/// The preview document of CONTRACT §6.
struct JSONTests {
    /// Parses `text` as a JSON object.
    func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func documentHasTheContractShape() throws {
        let content = PreviewContent(
            title: .plain("Nová zpráva"), body: .plain(SampleTexts.czech), media: .image(aspectRatio: 2),
            category: .registered(SampleTexts.messageCategory()))
        let preview = PreviewEngine.preview(content, device: .iphone393, surfaces: [], hiddenPreviews: false)
        let json = try parse(preview.json(report: #"{"valid":true,"diagnostics":[]}"#))
        let device = try #require(json["device"] as? [String: Any])
        #expect(device["id"] as? String == "iphone-393")
        #expect(device["width"] as? Int == 393)
        #expect((json["report"] as? [String: Any])?["valid"] as? Bool == true)
        let surfaces = try #require(json["surfaces"] as? [[String: Any]])
        #expect(
            surfaces.map { $0["surface"] as? String } == [
                "banner", "lockScreen", "notificationCenter", "expanded",
            ])
        let lock = surfaces[1]
        let body = try #require(lock["body"] as? [String: Any])
        #expect(body["truncated"] as? Bool == true)
        #expect((body["lines"] as? [String])?.last?.hasSuffix("…") == true)
        #expect((body["truncatedAt"] as? [String: Any])?["utf8"] as? Int != nil)
        #expect((lock["media"] as? [String: Any])?["placement"] as? String == "thumbnail")
        #expect((lock["actions"] as? [Any])?.isEmpty == true)
        #expect(lock["height"] as? Double != nil)
        let expanded = surfaces[3]
        #expect(expanded["scrolls"] as? Bool != nil)
        #expect(expanded["visibleHeight"] as? Double != nil)
        let actions = try #require(expanded["actions"] as? [[String: Any]])
        #expect(actions.map { $0["style"] as? String } == ["default", "destructive", "default"])
        #expect(actions[0]["textInput"] as? Bool == true)
        #expect(actions[0]["foreground"] as? Bool == true)
        #expect(actions[1]["authenticationRequired"] as? Bool == true)
    }

    @Test func reportIsLeftOutWhenNotGiven() throws {
        let preview = PreviewEngine.preview(
            PreviewContent(), device: .watch, surfaces: [.banner], hiddenPreviews: true)
        let json = try parse(preview.json())
        #expect(json["report"] == nil)
        #expect(json["hiddenPreviews"] as? Bool == true)
    }

    @Test(
        "Strings are escaped",
        arguments: [
            "quote \" backslash \\", "tab\tcontrol\u{01}\u{1F}", "line\u{2028}sep\u{2029}", "👨‍👩‍👧‍👦 e\u{301}",
        ])
    func escaping(text: String) throws {
        let content = PreviewContent(title: .plain(text), appName: text)
        let preview = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false, version: .ios10to14)
        let output = preview.json()
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
        let json = try parse(output)
        let surface = try #require((json["surfaces"] as? [[String: Any]])?.first)
        #expect(surface["header"] as? String == text.uppercased())
        let title = try #require(surface["title"] as? [String: Any])
        #expect(title["lines"] as? [String] == preview.surfaces[0].title.lines)
    }
}
