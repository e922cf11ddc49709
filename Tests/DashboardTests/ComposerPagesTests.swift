import Foundation
import HTTPKit
import JSON
import NotificationKit
import Testing

@testable import Dashboard

/// The notification pages driven in-process through the whole `Dashboard` responder: labels and
/// regions, save → 303, stale save → 409 with the input kept, downloads only when valid, the
/// live endpoint, and hostile input never giving a 500.
@Suite struct ComposerPagesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A dashboard on a fresh data directory, removed when the value goes away.
    final class Fixture {
        let directory: String
        let dashboard: Dashboard

        init() throws {
            directory = NSTemporaryDirectory() + "pushboard-composer-\(UUID().uuidString)"
            dashboard = try Dashboard(
                configuration: DashboardConfiguration(dataDirectory: directory))
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func get(_ target: String) -> Response {
            dashboard.respond(to: Request(method: .get, target: target))
        }

        func post(_ target: String, form pairs: [(String, String)]) -> Response {
            var body = URLComponents()
            body.queryItems = pairs.map { URLQueryItem(name: $0.0, value: $0.1) }
            let encoded = (body.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
            return dashboard.respond(
                to: Request(
                    method: .post, target: target,
                    headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(encoded.utf8))
            )
        }

        func post(_ target: String, json: String) -> Response {
            dashboard.respond(
                to: Request(
                    method: .post, target: target, headers: ["Content-Type": "application/json"],
                    body: Array(json.utf8)))
        }
    }

    static func text(_ response: Response) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    /// JSON text rewritten compact, to compare payloads the fields wrote pretty-printed.
    static func compact(_ text: String) -> String {
        JSONReader().read(text).root.map { JSONWriter().string($0.value) } ?? text
    }

    @Test func composerHasEveryLabelRegionAndButton() throws {
        let html = Self.text(try Fixture().get("/notifications/new"))
        for label in [
            "Name", "Push type", "Priority", "Title", "Subtitle", "Body", "Category", "Thread ID", "Badge",
            "Sound",
            "Interruption level", "Relevance score", "Media URL", "Mutable content", "Custom data (JSON)",
            "Raw JSON", "Device",
        ] {
            #expect(html.contains(">\(label.htmlEscapedForTest)</label>"), "\(label)")
        }
        for heading in ["Compact preview", "Expanded preview", "Validation"] {
            #expect(html.contains(">\(heading)</h2>"), "\(heading)")
        }
        for button in ["Save", "Preview", "Export", "Download JSON", "Download .apns", "Copy curl command"] {
            #expect(html.contains(">\(button)</button>"), "\(button)")
        }
        #expect(!html.contains("<script>"))
        #expect(html.contains(#"<script src="/static/composer.js" defer></script>"#))
    }

    @Test func saveCreatesThenStaleSaveKeepsTheInput() throws {
        let fixture = try Fixture()
        let created = fixture.post(
            "/notifications/new", form: [("name", "Kino"), ("title", "Ahoj"), ("intent", "save")])
        #expect(created.status == .seeOther)
        let location = try #require(created.headers["Location"])
        // The page the save leads to says so (issue 25), as category saves do.
        #expect(location.wholeMatch(of: /\/notifications\/[0-9a-f]{16}\?saved=1/) != nil)
        let page = Self.text(fixture.get(location))
        #expect(page.contains("Saved as revision 1."))
        #expect(page.contains(#"name="revision" value="1""#))
        #expect(page.contains(#"id="title" name="title" value="Ahoj""#))

        let shown = #"{"aps":{"alert":{"title":"Ahoj"}}}"#
        let first = fixture.post(
            location,
            form: [
                ("revision", "1"), ("title", "One"), ("renderedRaw", shown), ("rawJSON", shown),
                ("intent", "save"),
            ])
        #expect(first.status == .seeOther)
        let stale = fixture.post(
            location,
            form: [
                ("revision", "1"), ("title", "Two"), ("renderedRaw", shown), ("rawJSON", shown),
                ("intent", "save"),
            ])
        #expect(stale.status == .conflict)
        let html = Self.text(stale)
        #expect(html.contains("Someone saved this notification since you opened it"))
        #expect(html.contains(#"id="title" name="title" value="Two""#))
        #expect(html.contains(#"name="revision" value="2""#))
    }

    @Test func downloadsOnlyValidPayloads() throws {
        let fixture = try Fixture()
        let valid = fixture.post(
            "/notifications/new/export.json",
            form: [("name", "Žluťoučký kůň"), ("title", "Hi"), ("body", "B")])
        #expect(valid.status == .ok)
        #expect(valid.headers["Content-Disposition"] == #"attachment; filename="Zlutoucky-kun.json""#)
        #expect(Self.compact(Self.text(valid)) == #"{"aps":{"alert":{"title":"Hi","body":"B"}}}"#)
        let apns = fixture.post(
            "/notifications/new/export.apns", form: [("title", "Hi"), ("bundle", "com.example.app")])
        #expect(
            Self.compact(Self.text(apns))
                == #"{"Simulator Target Bundle":"com.example.app","aps":{"alert":{"title":"Hi"}}}"#)
        let invalid = fixture.post("/notifications/new/export.json", form: [("relevanceScore", "1.5")])
        #expect(invalid.status == .unprocessableContent)
        #expect(Self.text(invalid).contains("cannot be downloaded"))
        #expect(invalid.headers["Content-Disposition"] == nil)
    }

    @Test func liveEndpointAnswersRegionsAndTheOtherSide() throws {
        let fixture = try Fixture()
        let answer = fixture.post(
            "/notifications/live", json: #"{"title": "<b>Ahoj</b>", "badge": "x", "device": "iphone-320"}"#)
        #expect(answer.status == .ok)
        let text = Self.text(answer)
        #expect(text.contains(#""source":"form""#))
        #expect(text.contains("device-iphone-320"))
        #expect(text.contains("&lt;b&gt;Ahoj&lt;/b&gt;"))
        // Raw HTML only inside the JSON string meant for the "Raw JSON" textarea's value.
        #expect(text.components(separatedBy: "<b>Ahoj").count == 2)
        let raw = JSONReader().read(answer.body).root?["rawJSON"]?.value.stringValue ?? ""
        #expect(Self.compact(raw) == #"{"aps":{"alert":{"title":"<b>Ahoj</b>"}}}"#)
        #expect(text.contains("1 field error"))
        #expect(text.contains(#""badge":"Badge must be a whole number"#))
        let refused = fixture.post("/notifications/live", json: #"{"title": 1}"#)
        #expect(refused.status == .unprocessableContent)
    }

    @Test(arguments: [
        [("rawJSON", String(repeating: "[", count: 5000)), ("renderedRaw", "{}"), ("intent", "save")],
        [("customData", "{\"d\":" + String(repeating: "{\"a\":", count: 5000)), ("intent", "preview")],
        [("title", "<script>alert(1)</script>\"\u{301}\u{202E}"), ("intent", "export")],
        [("rawJSON", "\u{FEFF}{}"), ("renderedRaw", ""), ("intent", "save")],
        [("device", "nokia"), ("hiddenPreviews", "on"), ("intent", "preview")],
    ])
    func hostileInputNeverGivesA500(form: [(String, String)]) throws {
        let response = try Fixture().post("/notifications/new", form: form)
        #expect(response.status.code < 500)
        #expect(!Self.text(response).contains("<script>alert"))
    }

    /// The Content-Security-Policy forbids inline script and style: the notification templates
    /// load `composer.js` (and `media-check.js`) by `src` and carry no `style`, `<style>` or `on…=` handler.
    @Test func notificationTemplatesHaveNoInlineScriptOrStyle() throws {
        let folder = Self.root + "/templates/notifications"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasSuffix(".html")
        }
        #expect(files.count >= 7)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).lowercased()
            let scripts = text.components(separatedBy: "<script").dropFirst()
            #expect(
                scripts.allSatisfy {
                    $0.range(of: #"^ src="/static/[a-z-]+\.js" defer></script>"#, options: .regularExpression)
                        != nil
                }, "\(file)")
            #expect(!text.contains("<style"), "\(file)")
            #expect(!text.contains(" style="), "\(file)")
            #expect(text.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "\(file)")
        }
    }

    /// A notification without a category says so in the list, not with an empty code pill.
    @Test func theListSaysNoneForANotificationWithoutACategory() throws {
        let fixture = try Fixture()
        for (name, payload) in [
            ("Plain", #"{"aps":{"alert":"x"}}"#), ("Chat", #"{"aps":{"alert":"y","category":"message"}}"#),
        ] {
            let body = #"{"name":""# + name + #"","payload":"# + payload + "}"
            #expect(fixture.post("/api/v1/notifications", json: body).status == .created)
        }
        let html = Self.text(fixture.get("/notifications"))
        #expect(html.contains("<code>message</code>"))
        #expect(html.contains(#"<td data-label="Category"><span class="muted">none</span></td>"#))
        #expect(!html.contains("<code></code>"))
    }

    @Test func unknownNotificationIs404() throws {
        let fixture = try Fixture()
        #expect(fixture.get("/notifications/0000000000000000").status == .notFound)
        #expect(fixture.get("/notifications/0000000000000000/export.json").status == .notFound)
        #expect(
            fixture.post("/notifications/0000000000000000", form: [("intent", "save")]).status == .notFound)
    }
}

extension String {
    /// The label text as the template writes it (the engine escapes it).
    fileprivate var htmlEscapedForTest: String {
        replacingOccurrences(of: "&", with: "&amp;")
    }
}
