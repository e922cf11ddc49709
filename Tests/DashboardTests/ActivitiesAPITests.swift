import Foundation
import HTTPKit
import JSON
import NotificationKit
import Testing

@testable import Dashboard

/// `/api/v1/activities` and the payload routes checking Live Activities against stored types.
@Suite struct ActivitiesAPITests {
    static let swiftSource = """
        import ActivityKit

        struct DeliveryAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var status: Status
                var arrival: Date
                enum CodingKeys: String, CodingKey { case status, arrival = "eta" }
            }
            enum Status: String, Codable { case preparing, delivered }
            let orderNumber: Int
        }
        """
    static let liveHeaders: HTTPHeaders = [
        "apns-push-type": "liveactivity", "apns-topic": "com.example.app.push-type.liveactivity",
        "apns-priority": "5",
    ]

    @Test func importedTypesCheckLiveActivityPayloads() throws {
        let fixture = try DashboardFixture()
        let put = fixture.send(
            .put, "/api/v1/activities/DeliveryAttributes", body: Self.swiftSource,
            headers: ["Content-Type": "text/plain"])
        #expect(put.status == .created, "\(DashboardFixture.text(put))")
        let again = fixture.send(
            .put, "/api/v1/activities/DeliveryAttributes", body: Self.swiftSource,
            headers: ["Content-Type": "text/x-swift"])
        #expect(again.status == .ok)
        let list = try #require(JSONReader().read(fixture.send(.get, "/api/v1/activities").body).root)
        #expect(
            list["activities"]?.value.arrayElements?.first?["title"]?.value.stringValue
                == "DeliveryAttributes")

        let good =
            #"{"aps":{"event":"update","timestamp":1767225600,"content-state":{"status":"delivered","eta":788918400}}}"#
        let ok = fixture.send(.post, "/api/v1/validate", body: good, headers: Self.liveHeaders)
        #expect(ok.status == .ok, "\(DashboardFixture.text(ok))")
        let bad = good.replacingOccurrences(of: "delivered", with: "shipped")
        let refused = fixture.send(
            .post, "/api/v1/validate?activity=DeliveryAttributes", body: bad, headers: Self.liveHeaders)
        #expect(refused.status == .unprocessableContent)
        #expect(DashboardFixture.text(refused).contains("liveactivity.enum.value"))

        let revisions = fixture.send(.get, "/api/v1/activities/DeliveryAttributes/revisions")
        #expect(revisions.status == .ok)
        #expect(JSONReader().read(revisions.body).root?["revisions"]?.value.arrayElements?.count == 2)
        #expect(fixture.send(.delete, "/api/v1/activities/DeliveryAttributes").status == .noContent)
        #expect(fixture.send(.get, "/api/v1/activities/DeliveryAttributes").status == .notFound)
        let unchecked = fixture.send(.post, "/api/v1/validate", body: bad, headers: Self.liveHeaders)
        #expect(unchecked.status == .ok)
        #expect(DashboardFixture.text(unchecked).contains("liveactivity.types.unchecked"))
    }

    @Test func aSourceWithErrorsIs422NamingTheLine() throws {
        let fixture = try DashboardFixture()
        let source = Self.swiftSource.replacingOccurrences(
            of: "var arrival: Date", with: "@Published var arrival: Date")
        let response = fixture.send(
            .put, "/api/v1/activities/DeliveryAttributes", body: source,
            headers: ["Content-Type": "text/plain"])
        #expect(response.status == .unprocessableContent)
        let root = try #require(JSONReader().read(response.body).root)
        let diagnostic = try #require(root["diagnostics"]?.value.arrayElements?.first)
        #expect(diagnostic["code"]?.value.stringValue == "activities.swift.unsupported")
        #expect(diagnostic["line"]?.value.numberValue?.int64Value == 6)
        #expect(fixture.send(.get, "/api/v1/activities/DeliveryAttributes").status == .notFound)
        let wrongName = fixture.send(
            .put, "/api/v1/activities/Other", body: Self.swiftSource, headers: ["Content-Type": "text/plain"])
        #expect(wrongName.status == .unprocessableContent)
        let image = fixture.send(
            .put, "/api/v1/activities/DeliveryAttributes", body: "x", headers: ["Content-Type": "image/png"])
        #expect(image.status == .unsupportedMediaType)
    }
}
