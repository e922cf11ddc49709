import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// The Live Activity form on the live update, lists typed as lists, typed values kept and each
/// finding under its field (issue 25).
@Suite struct LiveActivityListTests {
    /// An app's type with two lists in its state: the form's `[String]` and `[Int]` fields.
    static let source = """
        struct OrderAttributes: ActivityAttributes {
            let orderNumber: Int

            struct ContentState: Codable, Hashable {
                var status: String
                var items: [String]
                var counts: [Int]
            }
        }
        """

    static func fixture() throws -> DashboardFixture {
        let fixture = try DashboardFixture()
        let put = fixture.send(
            .put, "/api/v1/activities/OrderAttributes", body: source, headers: ["Content-Type": "text/plain"])
        #expect(put.status == .created, "\(DashboardFixture.text(put))")
        return fixture
    }

    static func state(_ items: String, counts: String = "1, 2") -> [(String, String)] {
        [
            ("pushType", "liveactivity"), ("intent", "preview"), ("la-present", "1"), ("la-event", "update"),
            ("la-timestamp", "1767225600"), ("la-state:status", "cooking"), ("la-state:items", items),
            ("la-state:counts", counts),
        ]
    }

    /// The value attribute of the input named `name`.
    static func value(of name: String, in html: String) -> String? {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        guard
            let regex = try? NSRegularExpression(pattern: #"name="\#(escaped)" value="([^"]*)""#),
            let match = regex.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)),
            let range = Range(match.range(at: 1), in: html)
        else { return nil }
        return String(html[range])
    }

    /// The tag (or, with `through`, the element up to that text) holding `marker`.
    static func tag(containing marker: String, in html: String, through end: String = ">") -> String? {
        guard let found = html.range(of: marker),
            let start = html[..<found.lowerBound].range(of: "<", options: .backwards),
            let close = html[found.upperBound...].range(of: end)
        else { return nil }
        return String(html[start.lowerBound..<close.upperBound])
    }

    @Test func theLiveUpdateBringsTheFormWhenThePushTypeIsChosen() throws {
        let fixture = try Self.fixture()
        let body = #"{"pushType":"liveactivity","title":"Order"}"#
        let answer = fixture.send(
            .post, "/notifications/live", body: body, headers: ["Content-Type": "application/json"])
        let json = try #require(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let form = try #require(json["liveActivityForm"] as? String)
        #expect(form.contains(#"name="la-state:items""#))
        #expect(form.contains(#"data-activity-type="OrderAttributes""#))
        let other = fixture.send(
            .post, "/notifications/live", body: #"{"pushType":"alert","title":"Order"}"#,
            headers: ["Content-Type": "application/json"])
        let none = try #require(JSONSerialization.jsonObject(with: Data(other.body)) as? [String: Any])
        #expect(none["liveActivityForm"] as? String == "")
    }

    @Test func aCommaSeparatedListIsAListAndStaysAsTyped() throws {
        let html = LiveActivityComposerTests.post(try Self.fixture(), Self.state("pho, nem"))
        #expect(Self.value(of: "la-state:items", in: html) == "pho, nem")
        #expect(Self.value(of: "la-state:counts", in: html) == "1, 2")
        // Raw JSON holds the lists, pretty-printed.
        #expect(html.contains("&quot;items&quot;: [\n"))
        #expect(html.contains("&quot;pho&quot;"))
        #expect(!html.contains("liveactivity.key.type"))
        #expect(html.contains("a list: comma-separated, as pho, nem, or JSON"))
    }

    @Test func aJSONListIsReadAsJSON() throws {
        let html = LiveActivityComposerTests.post(try Self.fixture(), Self.state(#"["pho, large", "nem"]"#))
        #expect(Self.value(of: "la-state:items", in: html) == "[&quot;pho, large&quot;, &quot;nem&quot;]")
        #expect(html.contains("&quot;pho, large&quot;"))
        #expect(!html.contains("liveactivity.key.type"))
    }

    @Test func anUnreadableListIsKeptAndFlaggedAtItsField() throws {
        let html = LiveActivityComposerTests.post(
            try Self.fixture(), Self.state(#"["pho", "#, counts: "1, two"))
        #expect(Self.value(of: "la-state:items", in: html) == "[&quot;pho&quot;, ")
        #expect(Self.value(of: "la-state:counts", in: html) == "1, two")
        for id in ["items", "counts"] {
            let tag = try #require(Self.tag(containing: #"id="la-state-\#(id)""#, in: html), "\(id)")
            #expect(tag.contains(#"aria-invalid="true""#), "\(id)")
            #expect(tag.contains(#"aria-describedby="hint-la-state-\#(id) error-la-state-\#(id)""#))
            let note = try #require(
                Self.tag(
                    containing: #"id="error-la-state-\#(id)" data-error-for="la-state:\#(id)""#, in: html,
                    through: "</p>"))
            #expect(!note.hasSuffix("\"></p>"), "\(note)")
        }
        // Not on Raw JSON.
        let raw = try #require(
            html.firstMatch(of: /id="error-rawJSON" data-error-for="rawJSON" aria-live="polite">([^<]*)</))
        #expect(!raw.1.contains("items") && !raw.1.contains("counts"), "\(raw.1)")
    }
}
