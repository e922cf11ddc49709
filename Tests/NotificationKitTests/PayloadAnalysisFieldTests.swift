import JSON
import Testing

@testable import NotificationKit

/// The preview's fields bound from the flat document (`PayloadAnalysis.alert`, `mediaURL`,
/// `categoryIdentifier`) are exactly what binding the whole tree gives, whatever the payload:
/// duplicates, wrong types, nested localization dictionaries, no `aps`, no object at all.
@Suite struct PayloadAnalysisFieldTests {
    static let payloads = [
        #"{"aps":{"alert":{"title":"Nová zpráva","body":"Ahoj"},"category":"message"}}"#,
        #"{"aps":{"alert":"Just a body"},"media-url":"https://e.com/a.mp4?x=1"}"#,
        #"{"aps":{"alert":{"title":"a","title":"b","body":5,"subtitle":["x"]}}}"#,
        #"{"aps":{"alert":{"title":{"loc-key":"T","loc-args":["x",3,"y"]},"title":"plain"}}}"#,
        #"{"aps":{"alert":{"title":"plain","title":{"loc-key":"T"}}}}"#,
        #"{"aps":{"alert":{"body":{"loc-key":5,"loc-args":"no"},"loc-key":"B","loc-args":["1",null]}}}"#,
        #"{"aps":{"alert":{"title-loc-key":"T","title-loc-args":["J","F"],"subtitle-loc-key":"S"}}}"#,
        #"{"aps":{"alert":{"launch-image":"x.png","unknown":1}},"image":"https://e.com/b.png"}"#,
        #"{"aps":{"alert":5,"category":7}}"#,
        #"{"aps":{"alert":null,"category":"a","category":"b"}}"#,
        #"{"aps":{"alert":"x"},"aps":{"category":"second"}}"#,
        #"{"aps":{"alert":"x"},"aps":5}"#,
        #"{"aps":"not an object","media-url":5,"image":"https://e.com/c.png"}"#,
        #"{"attachment-url":"https://e.com/d.caf","image":7}"#,
        #"{"media-url":"https://e.com/1.png","media-url":"https://e.com/2.png"}"#,
        #"{"aps":{"alert":{"title":"caf\u00e9 \ud83d\ude00","body":"line\nnext \"quoted\""}}}"#,
        #"["aps"]"#, #""text""#, "{", "", #"{"aps":{"alert":{"title":"x"}}} trailing"#,
    ]

    @Test(arguments: payloads)
    func documentFieldsAreTheTreesBinding(_ text: String) {
        let analysis = PayloadAnalysis(payload: Array(text.utf8), registry: nil)
        let payload = analysis.payload
        #expect(analysis.alert == payload?.aps?.alert)
        #expect(analysis.mediaURL == payload?.mediaURL)
        #expect(analysis.categoryIdentifier == payload?.aps?.category)
    }

    /// The cases above are not vacuous: between them they bind each field, both ways.
    @Test func theCasesBindEveryField() {
        let analyses = Self.payloads.map { PayloadAnalysis(payload: Array($0.utf8), registry: nil) }
        #expect(analyses.contains { $0.alert?.content.titleLocKey == "T" })
        #expect(
            analyses.contains { $0.alert?.content.title == "plain" && $0.alert?.content.titleLocKey == "T" })
        #expect(analyses.contains { $0.alert == .text("Just a body") })
        #expect(analyses.contains { $0.mediaURL == "https://e.com/2.png" })
        #expect(analyses.contains { $0.categoryIdentifier == "b" })
        #expect(analyses.filter { $0.alert == nil }.count >= 5)
    }

    /// A field of the wrong type gives the tree binding's diagnostic, with its path and span,
    /// from either source: the rule is written once, over both.
    @Test func wrongTypesAreReportedAlikeFromTreeAndDocument() throws {
        let text = #"{"aps":{"alert":{"title":5,"loc-args":["a",{"b":1}]}}}"#
        let document = JSONReader.apns.readDocument(Array(text.utf8))
        let alertView = try #require(document.rootView?["aps"]?["alert"])
        let alertNode = try #require(document.tree?["aps"]?["alert"])
        var fromView = ModelBinder()
        var fromTree = ModelBinder()
        let viewAlert = NotificationAlert.bind(alertView, at: "$.aps.alert", with: &fromView)
        let treeAlert = NotificationAlert.bind(alertNode, at: "$.aps.alert", with: &fromTree)
        #expect(viewAlert == treeAlert)
        #expect(fromView.diagnostics == fromTree.diagnostics)
        #expect(fromView.diagnostics.map(\.path) == ["$.aps.alert.title", "$.aps.alert.loc-args[1]"])
        #expect(fromView.diagnostics.first?.message == "Expected a string but found number.")
        #expect(fromView.diagnostics.last?.message == "Expected a string but found object.")
    }
}
