import Foundation
import HTTPKit
import JSON
import NotificationKit
import NotificationPreview
import Testing

@testable import Dashboard

/// Issue 28, "the matrix shows the cut per recipient": below the composer's matrix, one row per
/// recipient of a template (example, each sample, worst case) with where each field is cut,
/// and the matrix itself laid out for the recipient the Recipient menu picks.
@Suite struct ComposerRecipientCutsTests {
    static let long = "Mall of the Emirates, Dubai, United Arab Emirates"

    /// A saved template notification with a 60-character store and two samples.
    static func saved(_ fixture: DashboardFixture) throws -> String {
        let created = fixture.send(
            .post, "/api/v1/notifications",
            body: #"""
                {"name": "Pickup", "headers": {"apns-push-type": "alert"},
                 "payload": {"aps": {"alert": {"title": "Ready at {{ store }}", "body": "Bring your receipt."}}}}
                """#, headers: ["Content-Type": "application/json"])
        let root = try #require(JSONReader().read(created.body).root)
        let id = try #require(root["id"]?.value.stringValue)
        let put = fixture.send(
            .put, "/api/v1/notifications/\(id)/variables",
            body: #"""
                {"variables": [{"name": "store", "type": "text", "example": "Dubai Mall", "maxLength": 60}],
                 "samples": [{"store": "Karlín"}, {"store": "\#(long)"}]}
                """#, headers: ["Content-Type": "application/json"])
        #expect(put.status == .ok, "\(DashboardFixture.text(put))")
        return id
    }

    /// Each row's cells by recipient and field.
    static func rows(_ html: String) -> [String: [String: String]] {
        var rows: [String: [String: String]] = [:]
        let row = /<tr data-recipient="([^"]+)"[^>]*>(.*?)<\/tr>/.dotMatchesNewlines()
        let cell = /<td data-field="([a-z]+)"[^>]*>(.*?)<\/td>/
        for match in html.matches(of: row) {
            var cells: [String: String] = [:]
            for found in String(match.2).matches(of: cell) { cells[String(found.1)] = String(found.2) }
            rows[String(match.1)] = cells
        }
        return rows
    }

    /// The list items the table gives for `title` when it reads `"Ready at <store>"`.
    static func expectedTitleCuts(store: String) -> [String] {
        let payload = #"{"aps":{"alert":{"title":"Ready at \#(store)","body":"Bring your receipt."}}}"#
        let analysis = PayloadAnalysis(
            payload: Array(payload.utf8), headers: ["apns-push-type": "alert"],
            validator: Validator(registry: nil))
        let matrix = PreviewMatrix(PreviewContent(analysis: analysis))
        var surfaces: [Surface] = []
        for row in matrix.rows where row.title.truncated && !surfaces.contains(row.surface) {
            surfaces.append(row.surface)
        }
        return surfaces.map { $0.title }
    }

    @Test func eachRecipientHasItsCutsAndTheWorstCaseToo() throws {
        let fixture = try DashboardFixture()
        let id = try Self.saved(fixture)
        let html = DashboardFixture.text(fixture.send(.get, "/notifications/\(id)"))
        let rows = Self.rows(html)
        #expect(Set(rows.keys) == ["example", "0", "1", "worst"])
        #expect(rows["0"]?["title"] == "fits every device")
        let surfaces = Self.expectedTitleCuts(store: Self.long)
        #expect(!surfaces.isEmpty)
        let long = try #require(rows["1"]?["title"])
        let items = long.matches(of: /<li>([^,<]+),/).map { String($0.1) }
        #expect(items == surfaces, "\(long)")
        #expect(long.contains("cut after"))
        #expect(rows["worst"]?["title"]?.contains("Lock Screen") == true)
        // Nothing chosen: the matrix shows the tags as written and no row is marked.
        #expect(html.contains("Laid out for: <strong>Tags as written</strong>"))
        #expect(!html.contains("recipient-shown"))
    }

    @Test func aLiveUpdateLaysTheMatrixOutForTheChosenRecipient() throws {
        let fixture = try DashboardFixture()
        let id = try Self.saved(fixture)
        let body = #"""
            {"templateOwner": "\#(id)", "recipient": "1", "pushType": "alert",
             "title": "Ready at {{ store }}", "body": "Bring your receipt."}
            """#
        let answer = DashboardFixture.text(
            fixture.send(
                .post, "/notifications/live", body: body, headers: ["Content-Type": "application/json"]))
        let root = try #require(JSONReader().read(Array(answer.utf8)).root)
        let matrix = try #require(root["regions"]?["matrix"]?.value.stringValue)
        #expect(matrix.contains(#"<tr data-recipient="1" class="recipient-shown" aria-current="true">"#))
        #expect(matrix.contains("Laid out for: <strong>Recipient 2: "))
        // The device matrix above is this recipient's: its title cells end in the long name.
        let cells = ComposerMatrixTests.pageCells(matrix)
        #expect(cells.values.contains { $0.contains("cut after") })
        #expect(!cells.values.contains { $0.contains("{{") })
    }

    @Test func thePickerOffersTheWorstCase() throws {
        let fixture = try DashboardFixture()
        let id = try Self.saved(fixture)
        let html = DashboardFixture.text(fixture.send(.get, "/notifications/\(id)"))
        #expect(
            html.contains(#"<option value="worst">Worst case (every text variable at its longest)</option>"#))
    }

    /// A surface that cuts the long name on most devices names the few that show it whole
    /// ("every device but …"), as the matrix computes them, instead of listing eleven phones.
    @Test func mostDevicesCuttingNamesTheFewThatDoNot() throws {
        let fixture = try DashboardFixture()
        let id = try Self.saved(fixture)
        let html = DashboardFixture.text(fixture.send(.get, "/notifications/\(id)"))
        let long = try #require(Self.rows(html)["1"]?["title"])
        let payload = #"{"aps":{"alert":{"title":"Ready at \#(Self.long)","body":"Bring your receipt."}}}"#
        let analysis = PayloadAnalysis(
            payload: Array(payload.utf8), headers: ["apns-push-type": "alert"],
            validator: Validator(registry: nil))
        let matrix = PreviewMatrix(PreviewContent(analysis: analysis))
        let cuts = try #require(RecipientCuts.cuts(matrix, field: "title"))
        let mostly = try #require(cuts.first { !$0.spared.isEmpty && $0.spared.count < $0.devices.count })
        let expected = "every device but " + mostly.spared.map(\.label).joined(separator: ", ")
        #expect(mostly.devicesDescription == expected)
        #expect(long.contains("<li>\(mostly.surface.title), \(expected): cut after"), "\(long)")
        #expect(!long.contains(mostly.devices.map(\.label).joined(separator: ", ")))
    }
}
