import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// A payload APNs refuses is "Not delivered" wherever it is drawn: over the composer's previews
/// (the page, its live update) and at the top of the text picture, the API's included, with the
/// verdict where a pipeline reads it (issue 25, point 6).
@Suite struct NotDeliveredTests {
    /// The 5 441-byte payload of the support ticket.
    static let supportPayload =
        (try? String(
            contentsOfFile: DashboardFixture.repositoryRoot + "/tests/fixtures/support-5441.json",
            encoding: .utf8))
        ?? ""
    static let sentence = "Not delivered: APNs answers 413 PayloadTooLarge"

    @Test func theComposerOverlaysThePreviewsAndItsTextPictureStartsWithTheVerdict() throws {
        let fixture = try DashboardFixture()
        let body = "intent=preview&rawJSON=" + PercentEncoding.encoded(Self.supportPayload)
        let page = DashboardFixture.text(
            fixture.send(
                .post, "/notifications/new", body: body,
                headers: ["Content-Type": "application/x-www-form-urlencoded"]))
        let compact = try #require(page.range(of: #"id="compact-region""#))
        let expanded = try #require(page.range(of: #"id="expanded-region""#))
        #expect(page[compact.upperBound...].contains(Self.sentence))
        #expect(page[expanded.upperBound...].contains(Self.sentence))
        #expect(page.contains("Copy text picture"))
        let picture = try #require(page.range(of: #"<pre id="text-picture""#))
        let text = page[picture.upperBound...].drop { $0 != ">" }.dropFirst()
        #expect(text.hasPrefix("invalid (1 error"))
        #expect(text.split(separator: "\n").dropFirst().first.map(String.init) == Self.sentence)
    }

    @Test func anAcceptedPayloadHasNoOverlay() throws {
        let fixture = try DashboardFixture()
        let body = "intent=preview&title=Hello&body=World"
        let page = DashboardFixture.text(
            fixture.send(
                .post, "/notifications/new", body: body,
                headers: ["Content-Type": "application/x-www-form-urlencoded"]))
        #expect(!page.contains("Not delivered"))
        #expect(
            page.contains(
                #"<pre id="text-picture" class="text-picture" tabindex="0" aria-label="Text picture">valid ("#
            ))
    }

    @Test func theLiveUpdateCarriesTheOverlayAndTheTextPicture() throws {
        let fixture = try DashboardFixture()
        let json = #"{"rawJSON": "# + Self.quoted(Self.supportPayload) + "}"
        let answer = DashboardFixture.text(
            fixture.send(
                .post, "/notifications/live", body: json, headers: ["Content-Type": "application/json"]))
        #expect(answer.contains(Self.sentence))
        #expect(answer.contains(#""textPicture":"#))
    }

    @Test func theAPITextPictureStartsWithEveryErrorAndTellsPipelinesItIsInvalid() throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(
            .post, "/api/v1/preview", body: Self.supportPayload,
            headers: ["Content-Type": "application/json", "Accept": "text/plain", "apns-priority": "7"])
        #expect(response.status == .ok)
        #expect(response.headers["Pushboard-Valid"] == "false")
        #expect(response.headers["APNs-Refusal"] == "413 PayloadTooLarge")
        let lines = DashboardFixture.text(response).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("invalid (2 errors") == true)
        #expect(lines.dropFirst().first.map(String.init) == Self.sentence)
        #expect(lines[2].contains("[payload.too-large]"))
        #expect(lines[3].contains("[header.priority.value]"))
        #expect(lines[4].isEmpty)
        #expect(lines[5].hasPrefix("── "))

        let valid = fixture.send(
            .post, "/api/v1/preview", body: #"{"aps":{"alert":"Hi"}}"#,
            headers: ["Content-Type": "application/json", "Accept": "text/plain"])
        #expect(valid.headers["Pushboard-Valid"] == "true")
        #expect(valid.headers["APNs-Refusal"] == nil)
        #expect(DashboardFixture.text(valid).hasPrefix("valid ("))
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
