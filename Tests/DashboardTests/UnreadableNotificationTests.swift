import Foundation
import HTTPKit
import JSON
import Storage
import Testing

@testable import Dashboard

/// Issue 12: a stored notification whose record no longer reads is named, with why, on the list
/// page and in the list API; the other rows are still listed and nothing answers 500.
@Suite struct UnreadableNotificationTests {
    static let host: HTTPHeaders = ["Host": "127.0.0.1:8080"]

    /// Two notifications saved through the API, then one damaged through another connection
    /// (as a sqlite3 shell would): `column` set to `text`.
    static func fixtureWithOneDamaged(column: String, text: String) throws -> (
        DashboardFixture, String, String
    ) {
        let fixture = try DashboardFixture()
        var ids: [String] = []
        for name in ["Spring sale", "Broken draft"] {
            let body = #"{"name":"\#(name)","headers":{},"payload":{"aps":{"alert":"\#(name)"}}}"#
            let created = fixture.send(
                .post, "/api/v1/notifications", body: body,
                headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"])
            #expect(created.status == .created)
            let root = JSONReader().read(created.body).root
            ids.append(try #require(root?["id"]?.value.stringValue))
        }
        let foreign = try Store(directory: fixture.dataDirectory)
        try foreign.file!.withConnection { connection in
            try connection.run(
                "UPDATE notifications SET \(column) = ? WHERE id = ?", [.text(text), .text(ids[1])])
        }
        return (fixture, ids[0], ids[1])
    }

    static let damage: [(String, String, String)] = [
        ("payload", #"{"aps":{"alert":"#, "payload is not JSON"),
        ("payload", "[1, 2]", "payload is not a JSON object"),
        ("headers", "apns-priority: 10", "headers are not a JSON object"),
    ]

    @Test(arguments: damage)
    func theListAPINamesTheDamagedRecordAndListsTheRest(column: String, text: String, reason: String) throws {
        let (fixture, good, bad) = try Self.fixtureWithOneDamaged(column: column, text: text)
        let response = fixture.send(.get, "/api/v1/notifications", headers: Self.host)
        #expect(response.status == .ok)
        let root = try #require(JSONReader().read(response.body).root)
        let listed = root["notifications"]?.value.arrayElements?.compactMap { $0["id"]?.value.stringValue }
        #expect(listed == [good])
        let unreadable = try #require(root["unreadable"]?.value.arrayElements)
        #expect(unreadable.count == 1)
        #expect(unreadable.first?["id"]?.value.stringValue == bad)
        #expect(unreadable.first?["name"]?.value.stringValue == "Broken draft")
        #expect(unreadable.first?["reason"]?.value.stringValue?.contains(reason) == true)
        #expect(root["total"]?.value.numberValue?.literal == "2")
    }

    @Test(arguments: damage)
    func theListPageNamesTheDamagedRecordAndListsTheRest(column: String, text: String, reason: String) throws
    {
        let (fixture, good, bad) = try Self.fixtureWithOneDamaged(column: column, text: text)
        let response = fixture.send(.get, "/notifications", headers: Self.host)
        #expect(response.status == .ok)
        let page = DashboardFixture.text(response)
        #expect(page.contains("Stored notifications that no longer read"))
        #expect(page.contains("<code>\(bad)</code>"))
        #expect(page.contains(reason))
        #expect(page.contains("href=\"/notifications/\(good)\""))
        #expect(!page.contains("href=\"/notifications/\(bad)\""))
    }
}
