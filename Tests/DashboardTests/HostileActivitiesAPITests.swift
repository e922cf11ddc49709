import Foundation
import HTTPKit
import JSON
import Storage
import Testing

@testable import Dashboard

/// Issue 23 through the API and the page: each crash-shaped or exploding type file is answered
/// 422 with its code (on main the first request took the server down), nothing is stored, and a
/// stored type that no longer reads is listed rather than silently dropped.
@Suite struct HostileActivitiesAPITests {
    static let folder = URL(fileURLWithPath: DashboardFixture.repositoryRoot)
        .appendingPathComponent("Tests/NotificationKitTests/Fixtures/activities/hostile")

    static func file(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    static let deepArrays =
        "struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var x: "
        + String(repeating: "[", count: 20_000) + "Int" + String(repeating: "]", count: 20_000) + " }\n}\n"

    static let cases: [(String, String, String)] = [
        (file("self-recursive.swift.txt"), "text/plain", "activities.swift.recursive"),
        (file("mutual-recursion.swift.txt"), "text/plain", "activities.swift.recursive"),
        (file("int-max-raw-value.swift.txt"), "text/plain", "activities.swift.raw-value-range"),
        (file("doubling-chain.swift.txt"), "text/plain", "activities.too-large"),
        (file("doubling-chain.schema.json"), "application/json", "activities.too-large"),
        (deepArrays, "text/plain", "activities.too-deep"),
    ]

    @Test(arguments: cases)
    func hostileTypesAre422WithTheirCode(_ body: String, _ media: String, _ code: String) throws {
        #expect(!body.isEmpty)
        let fixture = try DashboardFixture()
        let put = fixture.send(.put, "/api/v1/activities/A", body: body, headers: ["Content-Type": media])
        #expect(put.status == .unprocessableContent)
        let root = try #require(JSONReader().read(put.body).root)
        #expect(root["diagnostics"]?.value.arrayElements?.first?["code"]?.value.stringValue == code)
        #expect(fixture.send(.get, "/api/v1/activities/A").status == .notFound)
        let page = DashboardFixture.text(
            fixture.send(
                .post, "/activities",
                body: String(
                    decoding: MultipartBody.encode([MultipartBody.field("source", body)]), as: UTF8.self),
                headers: ["Content-Type": MultipartBody.contentType]))
        #expect(page.contains("nothing was imported"))
    }

    /// A type stored before today's limits (600 levels deep) no longer reads: it is listed on
    /// the page and left out of the API, and the other types still work.
    @Test func aStoredTypeThatNoLongerReadsIsListed() throws {
        let fixture = try DashboardFixture()
        let good = fixture.send(
            .put, "/api/v1/activities/DeliveryAttributes", body: ActivitiesAPITests.swiftSource,
            headers: ["Content-Type": "text/plain"])
        #expect(good.status == .created)
        let deep =
            #"{"title":"Deep","properties":{"attributes":{"type":"object"},"content-state":{"type":"object","properties":{"x":"#
            + String(repeating: #"{"type":"array","items":"#, count: 600) + #"{"type":"integer"}"#
            + String(repeating: "}", count: 600) + "}}}}"
        let store = try Store(directory: fixture.dataDirectory)
        _ = try store.activityTypes.put(
            ActivityTypeDocument(name: "Deep", json: deep, sourceKind: .schema, source: deep), by: "old")
        let page = DashboardFixture.text(fixture.send(.get, "/activities"))
        #expect(page.contains("Stored types that no longer read"))
        #expect(page.contains("<code>Deep</code>"))
        let list = try #require(JSONReader().read(fixture.send(.get, "/api/v1/activities").body).root)
        #expect(
            list["activities"]?.value.arrayElements?.compactMap { $0["title"]?.value.stringValue }
                == ["DeliveryAttributes"])
    }
}
