import JSON
import Testing

@testable import NotificationKit

/// Binding a payload field by field: every `aps` key typed, wrong types as diagnostics.
struct ModelPayloadTests {
    static let full = """
        {"aps":{"alert":{"title":"Nová zpráva","subtitle":"Anna","body":"Ahoj!","launch-image":"l.png",
        "title-loc-key":"T","title-loc-args":["a"],"subtitle-loc-key":"S","subtitle-loc-args":["b"],
        "loc-key":"B","loc-args":["c","d"]},"badge":3,"sound":"default","thread-id":"chat","category":"message",
        "content-available":1,"mutable-content":1,"target-content-id":"w1","interruption-level":"time-sensitive",
        "relevance-score":0.5,"filter-criteria":"work","stale-date":1700000100,"content-state":{"score":1},
        "timestamp":1700000000,"event":"update","dismissal-date":1700009999,"attributes-type":"Match",
        "attributes":{"team":"A"},"content-changed":true,"content_available":1},
        "media-url":"https://example.com/a.jpg","image":"https://example.com/b.jpg","data":{"id":7}}
        """

    @Test func bindsEveryAPSKey() throws {
        let (payload, diagnostics) = NotificationPayload.read(Array(Self.full.utf8))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let aps = try #require(payload?.aps)
        #expect(
            aps.alert
                == .content(
                    AlertContent(
                        title: "Nová zpráva", subtitle: "Anna", body: "Ahoj!", launchImage: "l.png",
                        titleLocKey: "T",
                        titleLocArgs: ["a"], subtitleLocKey: "S", subtitleLocArgs: ["b"], locKey: "B",
                        locArgs: ["c", "d"])))
        #expect(aps.badge == 3)
        #expect(aps.sound == .named("default"))
        #expect(aps.threadID == "chat")
        #expect(aps.category == "message")
        #expect(aps.contentAvailable == 1)
        #expect(aps.mutableContent == 1)
        #expect(aps.targetContentID == "w1")
        #expect(aps.interruptionLevelValue == .timeSensitive)
        #expect(aps.relevanceScore == 0.5)
        #expect(aps.filterCriteria == "work")
        #expect(aps.staleDate == 1_700_000_100)
        #expect(aps.contentState?["score"]?.value.numberValue?.literal == "1")
        #expect(aps.timestamp == 1_700_000_000)
        #expect(aps.eventValue == .update)
        #expect(aps.dismissalDate == 1_700_009_999)
        #expect(aps.attributesType == "Match")
        #expect(aps.attributes?["team"]?.value.stringValue == "A")
        #expect(aps.contentChanged == true)
        #expect(aps.otherMembers.map(\.key) == ["content_available"])
        #expect(payload?.customData.map(\.key) == ["media-url", "image", "data"])
        #expect(payload?.mediaURL == "https://example.com/a.jpg")
        #expect(payload?.mediaURLKey == "media-url")
        #expect(payload?.source.span.start == 0)
    }

    @Test(arguments: [
        (#"{"image":"https://x/i.png","attachment-url":"https://x/a.png"}"#, "image", "https://x/i.png"),
        (#"{"attachment-url":"https://x/a.png"}"#, "attachment-url", "https://x/a.png"),
    ])
    func mediaURLComesFromTheDocumentedKeys(_ json: String, _ key: String, _ url: String) throws {
        let payload = try #require(NotificationPayload.read(Array(json.utf8)).payload)
        #expect(payload.mediaURLKey == key)
        #expect(payload.mediaURL == url)
        #expect(payload.aps == nil)
    }

    @Test(arguments: [
        (#"{"aps":{"badge":"5"}}"#, "model.type", "$.aps.badge"),
        (#"{"aps":{"badge":1.5}}"#, "model.value", "$.aps.badge"),
        (#"{"aps":{"alert":7}}"#, "model.type", "$.aps.alert"),
        (#"{"aps":{"alert":{"loc-args":"x"}}}"#, "model.type", "$.aps.alert.loc-args"),
        (#"{"aps":{"alert":{"loc-args":["x",1]}}}"#, "model.type", "$.aps.alert.loc-args[1]"),
        (#"{"aps":{"sound":{"volume":"loud"}}}"#, "model.type", "$.aps.sound.volume"),
        (#"{"aps":{"sound":[]}}"#, "model.type", "$.aps.sound"),
        (#"{"aps":{"relevance-score":"1"}}"#, "model.type", "$.aps.relevance-score"),
        (#"{"aps":{"content-state":[]}}"#, "model.type", "$.aps.content-state"),
        (#"{"aps":{"content-changed":1}}"#, "model.type", "$.aps.content-changed"),
        (#"{"aps":[]}"#, "model.type", "$.aps"),
        (#"{"media-url":5}"#, "model.type", "$.media-url"),
        ("[1]", "model.type", "$"),
    ])
    func wrongTypesBecomeDiagnosticsWithPaths(_ json: String, _ code: String, _ path: String) throws {
        let (_, diagnostics) = NotificationPayload.read(Array(json.utf8))
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.code == code)
        #expect(diagnostic.path == path)
        #expect(diagnostic.line == 1)
        #expect(diagnostic.column != nil)
    }

    @Test func wrongFieldsDoNotStopTheRestFromBinding() throws {
        let (payload, diagnostics) = NotificationPayload.read(
            Array(#"{"aps":{"badge":"5","sound":"ping","alert":{"title":1,"body":"B"}}}"#.utf8))
        #expect(diagnostics.map(\.path) == ["$.aps.badge", "$.aps.alert.title"])
        #expect(payload?.aps?.sound == .named("ping"))
        #expect(payload?.aps?.alert?.content.body == "B")
        #expect(payload?.aps?.badge == nil)
    }

    @Test func criticalSoundAndLiveActivityAlertsBind() throws {
        let json = """
            {"aps":{"sound":{"critical":1,"name":"alarm.caf","volume":0.8},
            "alert":{"title":{"loc-key":"SCORE","loc-args":["1","2"]},"body":"Goal"}}}
            """
        let aps = try #require(NotificationPayload.read(Array(json.utf8)).payload?.aps)
        #expect(aps.sound == .critical(CriticalSound(critical: 1, name: "alarm.caf", volume: 0.8)))
        #expect(aps.sound?.name == "alarm.caf")
        #expect(aps.alert?.content.titleLocKey == "SCORE")
        #expect(aps.alert?.content.titleLocArgs == ["1", "2"])
        #expect(aps.alert?.content.hasVisibleText == true)
    }

    @Test func readerFaultsComeFirstAndStopBindingOnlyWhenStructural() {
        let (payload, diagnostics) = NotificationPayload.read(Array(#"{"aps":{"badge":1,"badge":2}}"#.utf8))
        #expect(diagnostics.map(\.code) == ["json.duplicate-key"])
        #expect(payload?.aps?.badge == 2)
        let (broken, brokenDiagnostics) = NotificationPayload.read(Array(#"{"aps":"#.utf8))
        #expect(broken == nil)
        #expect(brokenDiagnostics.map(\.code) == ["json.syntax"])
    }

    @Test func payloadMadeInCodeWritesAPSFirstInAppleOrder() {
        var aps = APSDictionary()
        aps.category = "message"
        aps.alert = .content(AlertContent(title: "T", body: "B"))
        aps.badge = 1
        aps.sound = .critical(CriticalSound(critical: 1, name: "a.caf", volume: 0.5))
        aps.mutableContent = 1
        aps.relevanceScore = 1
        let payload = NotificationPayload(
            aps: aps,
            customData: [JSONMember(key: "id", keySpan: JSONNode(.null).span, value: JSONNode(.int(7)))],
            mediaURL: "https://x/y.png")
        let text = JSONWriter().string(payload.jsonValue)
        #expect(
            text
                == #"{"aps":{"alert":{"title":"T","body":"B"},"badge":1,"sound":{"critical":1,"name":"a.caf","volume":0.5},"category":"message","mutable-content":1,"relevance-score":1},"id":7,"media-url":"https://x/y.png"}"#
        )
        let again = NotificationPayload.read(Array(text.utf8))
        #expect(again.diagnostics.isEmpty)
        #expect(again.payload?.aps?.alert == aps.alert)
        #expect(again.payload?.mediaURL == "https://x/y.png")
    }

    @Test func stringAlertIsTheBody() {
        #expect(NotificationAlert.text("Hi").content == AlertContent(body: "Hi"))
        #expect(AlertContent().hasVisibleText == false)
    }
}
