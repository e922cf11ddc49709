import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// Issue 28: sample recipients imported on the variables page from a chosen CSV or JSON Lines
/// file (the saved declarations stay), a file that does not fit refused with nothing changed,
/// and the composer's Recipient menu linking to the samples.
@Suite struct SampleRecipientsImportTests {
    static func upload(_ fixture: DashboardFixture, id: String, _ text: String, name: String) -> Response {
        fixture.dashboard.respond(
            to: Request(
                method: .post, target: "/notifications/\(id)/variables/samples",
                headers: ["Content-Type": MultipartBody.contentType],
                body: MultipartBody.encode([
                    .init(name: "file", filename: name, contentType: "text/plain", body: Array(text.utf8))
                ]), remoteAddress: "127.0.0.1"))
    }

    static func samples(_ fixture: DashboardFixture, id: String) throws -> [String] {
        let answer = fixture.send(.get, "/api/v1/notifications/\(id)/variables")
        let root = try #require(JSONReader().read(answer.body).root)
        let samples = try #require(root["samples"]?.value.arrayElements)
        return samples.map { JSONWriter().string($0.value) }
    }

    @Test func aCSVOrJSONLinesFileReplacesTheSamples() throws {
        let fixture = try DashboardFixture()
        let id = try ComposerRecipientCutsTests.saved(fixture)
        let csv = Self.upload(fixture, id: id, "store\nKarlín\n\"Dubai, Mall\"\n", name: "samples.csv")
        #expect(csv.status == .seeOther || csv.status == .found, "\(DashboardFixture.text(csv))")
        #expect(try Self.samples(fixture, id: id) == [#"{"store":"Karlín"}"#, #"{"store":"Dubai, Mall"}"#])
        let lines = Self.upload(fixture, id: id, #"{"store": "Vinohrady"}"# + "\n", name: "samples.jsonl")
        #expect(lines.status == .seeOther || lines.status == .found)
        #expect(try Self.samples(fixture, id: id) == [#"{"store":"Vinohrady"}"#])
        // The declarations stayed as saved.
        let root = try #require(
            JSONReader().read(fixture.send(.get, "/api/v1/notifications/\(id)/variables").body).root)
        #expect(
            root["variables"]?.value.arrayElements?.first?["maxLength"]?.value.numberValue?.literal == "60")
    }

    @Test func aFileThatDoesNotReadChangesNothing() throws {
        let fixture = try DashboardFixture()
        let id = try ComposerRecipientCutsTests.saved(fixture)
        let before = try Self.samples(fixture, id: id)
        let refused = Self.upload(fixture, id: id, "{\"store\": \n", name: "broken.jsonl")
        #expect(refused.status == .unprocessableContent)
        #expect(DashboardFixture.text(refused).contains("Sample recipients:"))
        #expect(try Self.samples(fixture, id: id) == before)
        let empty = Self.upload(fixture, id: id, "", name: "empty.csv")
        #expect(empty.status == .badRequest)
        #expect(try Self.samples(fixture, id: id) == before)
    }

    @Test func theComposersRecipientMenuLinksToTheSamples() throws {
        let fixture = try DashboardFixture()
        let id = try ComposerRecipientCutsTests.saved(fixture)
        let html = DashboardFixture.text(fixture.send(.get, "/notifications/\(id)"))
        #expect(
            html.contains(#"<a href="/notifications/\#(id)/variables#variables-samples" id="edit-samples">"#))
        let page = DashboardFixture.text(fixture.send(.get, "/notifications/\(id)/variables"))
        #expect(page.contains(#"id="samples-import-form""#))
    }
}
