import HTTPKit
import JSON
import NotificationKit
import Testing

@testable import Dashboard

/// The composer form → payload binding (DESIGN rule 6): exact bytes for typed fields, omitted
/// empty fields, custom data kept verbatim, Raw JSON winning when it was changed, and an error
/// next to the field that cannot be bound.
@Suite struct ComposerBindingTests {
    /// Composes a form posted as `pairs` (the hidden "Raw JSON as last shown" empty unless given).
    static func compose(_ pairs: [(String, String)]) -> ComposedPayload {
        PayloadComposer.compose(ComposerFields(FormFields(pairs.map { .init(name: $0.0, value: $0.1) })))
    }

    static let table: [(form: [(String, String)], payload: String)] = [
        ([], #"{"aps":{}}"#),
        (
            [("title", "Nová zpráva"), ("body", "Ahoj")],
            #"{"aps":{"alert":{"title":"Nová zpráva","body":"Ahoj"}}}"#
        ),
        (
            [("title", ""), ("subtitle", ""), ("body", "B"), ("sound", "")],
            #"{"aps":{"alert":{"body":"B"}}}"#
        ),
        ([("badge", "3")], #"{"aps":{"badge":3}}"#),
        ([("badge", " 0 ")], #"{"aps":{"badge":0}}"#),
        ([("badge", "-1")], #"{"aps":{"badge":-1}}"#),
        ([("relevanceScore", "0.50")], #"{"aps":{"relevance-score":0.50}}"#),
        ([("relevanceScore", "1")], #"{"aps":{"relevance-score":1}}"#),
        ([("mutableContent", "on")], #"{"aps":{"mutable-content":1}}"#),
        ([("mutableContent", "")], #"{"aps":{}}"#),
        (
            [("category", "message"), ("threadID", "chat-7"), ("sound", "default")],
            #"{"aps":{"sound":"default","thread-id":"chat-7","category":"message"}}"#
        ),
        ([("interruptionLevel", "time-sensitive")], #"{"aps":{"interruption-level":"time-sensitive"}}"#),
        (
            [("mediaURL", "https://example.com/a.jpg"), ("mutableContent", "on")],
            #"{"aps":{"mutable-content":1},"media-url":"https://example.com/a.jpg"}"#
        ),
        (
            [("customData", "{\"b\": [1, 2.50, 1e3], \"a\": {\"x\": \"<y>\"}, \"c\": null}")],
            #"{"aps":{},"b":[1,2.50,1e3],"a":{"x":"<y>"},"c":null}"#
        ),
        ([("title", "a\r\nb")], "{\"aps\":{\"alert\":{\"title\":\"a\\nb\"}}}"),
        ([("title", "\"\u{301} <\u{338} 👩‍👩‍👧")], "{\"aps\":{\"alert\":{\"title\":\"\\\"\u{301} <\u{338} 👩‍👩‍👧\"}}}"),
    ]

    @Test(arguments: table)
    func formBecomesTheseBytes(form: [(String, String)], payload: String) {
        let composed = Self.compose(form)
        #expect(composed.errors.isEmpty)
        #expect(composed.source == .form)
        #expect(composed.text == payload)
        #expect(composed.fields[.rawJSON] == payload)
        #expect(composed.fields[.renderedRaw] == payload)
    }

    static let faults: [(form: [(String, String)], field: ComposerField, message: String)] = [
        ([("badge", "five")], .badge, "whole number"),
        ([("badge", "2.5")], .badge, "whole number"),
        ([("relevanceScore", "high")], .relevanceScore, "from 0 to 1"),
        ([("relevanceScore", "NaN")], .relevanceScore, "from 0 to 1"),
        ([("customData", "[1, 2]")], .customData, "JSON object"),
        ([("customData", "{\"a\": 1,}")], .customData, "Line 1, column"),
        ([("customData", "{\"aps\": {}}")], .customData, "cannot hold \"aps\""),
        ([("customData", "{\"media-url\": \"x\"}"), ("mediaURL", "https://a")], .customData, "Media URL"),
        ([("customData", "{\"deep\": " + String(repeating: "[", count: 5000) + "}")], .customData, "Line 1"),
        ([("rawJSON", "{\"aps\": {\"alert\": \"x\",}}")], .rawJSON, "Line 1, column 22"),
        ([("rawJSON", "{\"aps\": ")], .rawJSON, "not JSON"),
        ([("rawJSON", "[1]")], .rawJSON, "must be a JSON object"),
        ([("rawJSON", String(repeating: "[", count: 5000))], .rawJSON, "not JSON"),
    ]

    @Test(arguments: faults)
    func unboundFieldGetsItsOwnError(form: [(String, String)], field: ComposerField, message: String) {
        let composed = Self.compose(form)
        #expect(composed.text == nil)
        #expect(composed.errors.keys.sorted { $0.rawValue < $1.rawValue } == [field])
        #expect(composed.errors[field]?.contains(message) == true, "\(composed.errors)")
        if field != .rawJSON {
            // Raw JSON shows the payload without the faulty field, which the report is about.
            #expect(composed.fields[.rawJSON] == composed.checkedText)
            #expect(composed.fields[.renderedRaw] == composed.checkedText)
        }
    }

    @Test func changingBothSidesAppliesNeitherAndSaysSo() {
        let raw = #"{"aps":{"alert":{"title":"Old"},"badge":3}}"#
        let composed = Self.compose([
            ("title", "New title typed"), ("rawJSON", raw),
            ("renderedRaw", #"{"aps":{"alert":{"title":"Old"}}}"#),
        ])
        #expect(composed.text == nil)
        #expect(composed.errors[.rawJSON]?.contains("Both Raw JSON and the form fields were changed") == true)
        #expect(composed.fields[.title] == "New title typed", "the typed input comes back")
    }

    @Test func changedRawJSONWinsAndRefillsTheFields() {
        let raw = """
            {
              "aps": {"alert": {"title": "Z raw", "body": "Tělo"}, "badge": 4, "mutable-content": 1},
              "order": 42
            }
            """
        let composed = Self.compose([("rawJSON", raw), ("renderedRaw", "{}")])
        #expect(composed.source == .rawJSON)
        #expect(composed.text == raw)
        #expect(composed.fields[.title] == "Z raw")
        #expect(composed.fields[.body] == "Tělo")
        #expect(composed.fields[.badge] == "4")
        #expect(composed.fields.mutableContent)
        #expect(composed.fields[.customData] == "{\n  \"order\": 42\n}")
        #expect(composed.fields[.renderedRaw] == raw)
    }

    @Test func badRawJSONKeepsTheInputAndPointsAtTheFault() {
        let composed = Self.compose([
            ("title", "Kept"), ("rawJSON", "{\n  \"aps\": nope\n}"), ("renderedRaw", "{}"),
        ])
        #expect(composed.text == nil)
        #expect(composed.errors[.rawJSON]?.contains("Line 2, column 10") == true, "\(composed.errors)")
        #expect(composed.fields[.title] == "Kept")
        #expect(composed.fields[.renderedRaw] == "{}")
        #expect(composed.checkedText == "{\n  \"aps\": nope\n}")
    }

    /// A form opened on a pasted payload and saved with one change keeps every member the form
    /// cannot show, in place; saved with no change it keeps the exact text.
    @Test func unchangedFieldsKeepThePayloadTheyCameFrom() throws {
        let base = """
            {"x": 1, "aps": {"content-available": 1, "alert": {"title-loc-key": "T", "title": "Old"},
            "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}, "badge": "5"}, "image": "https://a/b.png"}
            """
        var fields = ComposerFields()
        fields[.rawJSON] = base
        fields[.renderedRaw] = base
        fields.fillPayload(from: JSONReader().read(base).root)
        #expect(fields[.sound] == "alarm.caf")
        #expect(fields[.badge] == "5")
        #expect(fields[.mediaURL] == "https://a/b.png")
        #expect(fields[.customData] == "{\n  \"x\": 1\n}")

        let unchanged = PayloadComposer.compose(fields)
        #expect(unchanged.text == base)

        fields[.title] = "New"
        let changed = PayloadComposer.compose(fields)
        #expect(
            changed.text
                == #"{"x":1,"aps":{"content-available":1,"alert":{"title-loc-key":"T","title":"New"},"sound":{"critical":1,"name":"alarm.caf","volume":0.5},"badge":"5"},"image":"https://a/b.png"}"#
        )
    }

    @Test func clearedFieldsRemoveTheirKeys() {
        let base = #"{"aps":{"alert":{"title":"T","body":"B"},"badge":2,"mutable-content":1},"k":true}"#
        var fields = ComposerFields()
        fields[.rawJSON] = base
        fields[.renderedRaw] = base
        fields.fillPayload(from: JSONReader().read(base).root)
        fields[.title] = ""
        fields[.badge] = ""
        fields.mutableContent = false
        fields[.customData] = ""
        #expect(PayloadComposer.compose(fields).text == #"{"aps":{"alert":{"body":"B"}}}"#)
    }

    @Test func headersComeFromTheHeaderFieldsInExportOrder() {
        let composed = Self.compose([
            ("apnsID", ""), ("topic", " com.example.app "), ("priority", "5"), ("pushType", "alert"),
        ])
        #expect(
            composed.fields.headers == [
                "apns-push-type": "alert", "apns-priority": "5", "apns-topic": "com.example.app",
            ])
        #expect(
            composed.fields.headersText
                == #"{"apns-push-type":"alert","apns-priority":"5","apns-topic":"com.example.app"}"#)
    }
}
