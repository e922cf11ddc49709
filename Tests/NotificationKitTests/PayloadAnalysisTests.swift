import JSON
import Testing

@testable import NotificationKit

/// The one analysis: one read gives the tree, the report and the model, and every caller sees
/// the same media member and the same category.
@Suite struct PayloadAnalysisTests {
    private static let registry = CategoryLookup(
        CategoryConfig(categories: [
            NotificationCategory(
                identifier: "message", actions: [NotificationAction(identifier: "reply", title: "Odpovědět")]),
            NotificationCategory(identifier: "caf\u{E9}"),
        ]))

    @Test func reportAndModelComeFromTheSameTree() throws {
        let text = #"{"aps":{"alert":{"title":"Nová zpráva","body":"Ahoj"},"category":"message"}}"#
        let analysis = PayloadAnalysis(payload: Array(text.utf8), registry: Self.registry)
        let root = try #require(analysis.root)
        #expect(analysis.report == Validator(registry: Self.registry).validate(payload: text))
        #expect(analysis.payload?.source == root)
        #expect(analysis.payload?.aps?.source == root["aps"])
        #expect(analysis.category?.actions.map(\.identifier) == ["reply"])
        #expect(analysis.report.size.bytes == text.utf8.count)
    }

    /// The issue's example: the validator, the model and the composer all mean `media-url`.
    @Test func theMediaMemberIsTheFirstMediaKeyPresentWhateverItsValue() throws {
        let text = #"{"aps":{"alert":"x","mutable-content":1},"media-url":5,"image":"https://e.com/a.png"}"#
        let analysis = PayloadAnalysis(payload: Array(text.utf8), registry: nil)
        let media = try #require(analysis.report.diagnostics.first { $0.code.hasPrefix("media.") })
        #expect(media.code == "media.type")
        #expect(media.path == "$.media-url")
        #expect(analysis.payload?.mediaURLKey == "media-url")
        #expect(analysis.payload?.mediaURL == nil)
        let members = try #require(analysis.root?.value.objectMembers)
        #expect(NotificationPayload.mediaMember(in: members)?.key == "media-url")
    }

    @Test(arguments: [
        (
            "media-url", #"{"image":"https://e.com/b.png","media-url":"https://e.com/a.png"}"#,
            "https://e.com/a.png"
        ),
        (
            "image", #"{"attachment-url":"https://e.com/c.png","image":"https://e.com/b.png"}"#,
            "https://e.com/b.png"
        ),
        (
            "media-url", #"{"media-url":"https://e.com/1.png","media-url":"https://e.com/2.png"}"#,
            "https://e.com/2.png"
        ),
    ])
    func mediaRuleAgreesBetweenModelAndValidator(_ key: String, _ text: String, _ url: String) throws {
        let analysis = PayloadAnalysis(payload: Array(text.utf8), registry: nil)
        #expect(analysis.payload?.mediaURLKey == key)
        #expect(analysis.payload?.mediaURL == url)
        let media = analysis.report.diagnostics.filter { $0.code.hasPrefix("media.") }
        #expect(media.allSatisfy { $0.path == "$." + key })
        #expect(!media.isEmpty)  // no mutable-content: the validator checked this same member
    }

    @Test(arguments: [
        ("message", "message", nil), ("Message", nil, "message"), ("MESSAGE", nil, "message"),
        ("cafe\u{301}", nil, nil), ("caf\u{E9}", "caf\u{E9}", nil), ("missing", nil, nil),
    ])
    func identifiersMatchByteForByte(_ asked: String, _ exact: String?, _ folded: String?) {
        let found = Self.registry.category(identifiedBy: asked).map { CategoryKey($0.identifier) }
        #expect(found == exact.map(CategoryKey.init))
        if exact == nil {
            #expect(Self.registry.category(foldedLike: asked)?.identifier == folded)
        }
        #expect(!CategoryKey.same("caf\u{E9}", "cafe\u{301}"))
    }

    @Test func exportUsesTheAnalysedTree() throws {
        let text = #"{"aps":{"alert":"x"}}"#
        let analysis = PayloadAnalysis(payload: Array(text.utf8), registry: nil)
        let file = try PayloadExport(analysis).simulatorFile(bundleIdentifier: "com.example")
        #expect(
            String(decoding: file, as: UTF8.self)
                == #"{"Simulator Target Bundle":"com.example","aps":{"alert":"x"}}"#)
    }
}

/// The report written straight into bytes is exactly the writer's text of its tree.
@Suite struct CompactReportTests {
    @Test(arguments: [
        #"{"aps":{"alert":"x"}}"#,
        #"{"aps":{"alert":{"title":""},"badge":-1,"sound":5},"media-url":"http://e"}"#,
        "{\"aps\":{\"alert\":\"\u{2028}\\\"\",\"category\":\"Message\"}} x", "",
    ])
    func compactJSONIsTheWritersText(_ payload: String) {
        let report = Validator(categoryIdentifiers: ["message"]).validate(payload: payload)
        let expected = JSONWriter().bytes(report.jsonValue)
        #expect(report.compactJSON == expected)
        #expect(report.compactJSON.count <= report.compactJSONCapacity)
        // A scratch smaller than the report is regrown; the bytes after `output`'s own are the
        // report's alone.
        var output = Array("[".utf8)
        var scratch = [UInt8](repeating: 0, count: 1)
        report.appendCompactJSON(to: &output, scratch: &scratch)
        #expect(output == Array("[".utf8) + expected)
        #expect(!report.diagnostics.isEmpty || payload == #"{"aps":{"alert":"x"}}"#)
    }
}
