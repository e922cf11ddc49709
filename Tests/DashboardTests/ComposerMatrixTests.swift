import Foundation
import HTTPKit
import NotificationPreview
import Testing

@testable import Dashboard

/// The composer's counters and truncation matrix (issue 25): one computation, the API's
/// `device=all`, said once per field.
@Suite struct ComposerMatrixTests {
    static let sale = "Vánoční výprodej: sleva 30 % na všechno – jen do neděle!"
    static let payload = #"{"aps":{"alert":{"title":"\#(sale)","body":"Jen tento týden v obchodech."}}}"#

    /// The composer page for the sale title, posted without JavaScript ("Preview").
    static func page(_ fixture: DashboardFixture, extra: [(String, String)] = []) -> String {
        LiveActivityComposerTests.post(
            fixture,
            [("title", sale), ("body", "Jen tento týden v obchodech."), ("intent", "preview")] + extra)
    }

    /// The text of every matrix cell on the page, by device, surface and field.
    static func pageCells(_ html: String) -> [String: String] {
        var cells: [String: String] = [:]
        let row = /<tr data-device="([^"]+)" data-surface="([^"]+)">(.*?)<\/tr>/.dotMatchesNewlines()
        let cell = /<td data-field="([a-z]+)"[^>]*>(.*?)<\/td>/
        for match in html.matches(of: row) {
            for found in String(match.3).matches(of: cell) {
                cells["\(match.1) \(match.2) \(found.1)"] = String(found.2)
            }
        }
        return cells
    }

    @Test func thePageMatrixIsTheAPIsDeviceAll() throws {
        let fixture = try DashboardFixture()
        let api = fixture.send(
            .post, "/api/v1/preview?device=all", body: Self.payload,
            headers: ["Content-Type": "application/json"])
        let json = try #require(JSONSerialization.jsonObject(with: Data(api.body)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        let cells = Self.pageCells(Self.page(fixture))
        #expect(cells.count == rows.count * 3)
        for row in rows {
            for field in ["title", "subtitle", "body"] {
                let data = try #require(row[field] as? [String: Any])
                let lines = try #require(data["lines"] as? Int)
                let limit = data["lineLimit"] as? Int
                let last = try #require(data["lastShown"] as? String)
                let used = limit.map { "\(lines)/\($0) lines" } ?? "\(lines) line\(lines == 1 ? "" : "s")"
                let expected =
                    lines == 0
                    ? "–"
                    : (data["truncated"] as? Bool == true
                        ? "\(used) · cut after “<bdi>\(last)</bdi>…”" : "\(used) · ends “<bdi>\(last)</bdi>”")
                let key = "\(row["device"] as? String ?? "") \(row["surface"] as? String ?? "") \(field)"
                #expect(cells[key] == expected, "\(key)")
            }
        }
    }

    @Test func theTitleSaysWhereItIsCutOnceUnderTheField() throws {
        let html = Self.page(try DashboardFixture())
        let counter = try #require(
            html.firstMatch(
                of: /<p class="field-counter" id="counter-title" data-counter-for="title">([^<]*)<\/p>/))
        #expect(counter.1.contains("iPhone 17 Pro Max · 440 pt"))
        let note = try #require(
            html.firstMatch(of: /id="error-title" data-error-for="title" aria-live="polite">([^<]*)</))
        #expect(!note.1.contains("cut"), "\(note.1)")
        // The report still lists the narrowest cut.
        #expect(html.contains("preview.cut"))
    }

    @Test func aDeviceOfTheMatrixShowsItsPreview() throws {
        let html = Self.page(
            try DashboardFixture(), extra: [("device", "iphone-393"), ("showDevice", "iphone-440")])
        let picker = try #require(
            html.firstMatch(of: /<select id="device"(.*?)<\/select>/.dotMatchesNewlines()))
        #expect(picker.1.contains(#"<option value="iphone-440" selected>"#))
        #expect(!picker.1.contains(#"<option value="iphone-393" selected>"#))
        #expect(html.contains(#"data-show-device="iphone-440" aria-current="true""#))
    }
}
