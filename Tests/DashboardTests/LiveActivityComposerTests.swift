import Foundation
import HTTPKit
import NotificationKit
import Testing

@testable import Dashboard

/// The composer's Live Activity form and frame, driven in-process without JavaScript.
@Suite struct LiveActivityComposerTests {
    static func post(_ fixture: DashboardFixture, _ pairs: [(String, String)]) -> String {
        var body = URLComponents()
        body.queryItems = pairs.map { URLQueryItem(name: $0.0, value: $0.1) }
        let encoded = (body.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return DashboardFixture.text(
            fixture.send(
                .post, "/notifications/new", body: encoded,
                headers: ["Content-Type": "application/x-www-form-urlencoded"]))
    }

    @Test func theGeneratedFormBuildsTheContentStateAndTheFrameListsIt() throws {
        let fixture = try DashboardFixture()
        let put = fixture.send(
            .put, "/api/v1/activities/DeliveryAttributes", body: ActivitiesAPITests.swiftSource,
            headers: ["Content-Type": "text/plain"])
        #expect(put.status == .created)
        // Switching to liveactivity shows the generated form.
        let first = Self.post(
            fixture, [("pushType", "liveactivity"), ("intent", "preview"), ("title", "Arriving")])
        #expect(first.contains("<legend>Live Activity</legend>"))
        #expect(first.contains(#"name="la-state:status""#))
        #expect(first.contains(#"<option value="delivered">delivered</option>"#))
        #expect(first.contains(#"name="la-state:eta""#))
        // Filling it in puts the state into the payload and the frame.
        let html = Self.post(
            fixture,
            [
                ("pushType", "liveactivity"), ("priority", "5"),
                ("topic", "com.example.app.push-type.liveactivity"),
                ("intent", "preview"), ("title", "Arriving"), ("body", "In 2 minutes"), ("la-present", "1"),
                ("la-type", "DeliveryAttributes"), ("la-event", "update"),
                ("la-timestamp", "2026-01-01T00:00:00Z"),
                ("la-stale-date", ""), ("la-dismissal-date", ""), ("la-state:status", "delivered"),
                ("la-state:eta", "2026-01-01T00:30:00Z"),
            ])
        #expect(html.contains("Live Activity preview"))
        #expect(html.contains(">status: delivered</text>"))
        #expect(html.contains(">eta: 2026-01-01T00:30:00Z</text>"))
        #expect(html.contains("Schematic, not the app's design"))
        #expect(html.contains(#"width="365""#))  // iphone-393 less 2 × 14 pt
        // Issue 29: iOS 26 shows Live Activities in CarPlay too: a schematic, labelled frame.
        #expect(html.contains(#"aria-label="CarPlay Live Activity, schematic""#))
        #expect(html.contains("CarPlay, schematic: from iOS 26"))
        #expect(html.components(separatedBy: ">status: delivered</text>").count == 3)
        // Raw JSON carries the state as the app decodes it: seconds since 2001.
        #expect(html.contains("&quot;eta&quot;: 788920200"))
        #expect(html.contains("&quot;timestamp&quot;: 1767225600"))
        #expect(!html.contains("liveactivity.key.missing"))
        #expect(!html.contains("liveactivity.types.unchecked"))
    }

    @Test func aWrongValueIsReportedNotDropped() throws {
        let fixture = try DashboardFixture()
        _ = fixture.send(
            .put, "/api/v1/activities/DeliveryAttributes", body: ActivitiesAPITests.swiftSource,
            headers: ["Content-Type": "text/plain"])
        let html = Self.post(
            fixture,
            [
                ("pushType", "liveactivity"), ("intent", "preview"), ("la-present", "1"),
                ("la-event", "update"),
                ("la-timestamp", "1767225600"), ("la-state:status", "delivered"), ("la-state:eta", "soon"),
            ])
        #expect(html.contains("liveactivity.key.type"))
        #expect(html.contains("&quot;eta&quot;: &quot;soon&quot;"))
    }
}
