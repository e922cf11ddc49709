import Foundation
import HTTPKit
import JSON
import NotificationKit
import Testing

@testable import Dashboard

/// The API's rough edges and its history: `Location` on 201, `If-None-Match` → 304, a malformed
/// `If-Match` → 400, the verdict on GET, one revision, restore, trash and purge, and the import
/// dry run.
@Suite struct NotificationHistoryAPITests {
    static let json: HTTPHeaders = ["Content-Type": "application/json"]

    static func create(_ fixture: DashboardFixture, payload: String = #"{"aps":{"alert":"one"}}"#) throws
        -> (id: String, response: Response)
    {
        let response = fixture.send(
            .post, "/api/v1/notifications", body: #"{"name":"N","payload":\#(payload)}"#, headers: json)
        let id = try #require(JSONReader().read(response.body).root?["id"]?.value.stringValue)
        return (id, response)
    }

    @Test func createdAnswersLocationAndGetHonoursIfNoneMatch() throws {
        let fixture = try DashboardFixture()
        let (id, created) = try Self.create(fixture)
        #expect(created.status == .created)
        #expect(created.headers["Location"] == "/api/v1/notifications/\(id)")
        let notModified = fixture.send(
            .get, "/api/v1/notifications/\(id)", headers: ["If-None-Match": #"W/"r1""#])
        #expect(notModified.status == .notModified)
        #expect(notModified.body.isEmpty)
        #expect(notModified.headers["ETag"] == #""r1""#)
        #expect(
            fixture.send(.get, "/api/v1/notifications/\(id)", headers: ["If-None-Match": #""r0""#]).status
                == .ok)
        let category = fixture.send(
            .put, "/api/v1/categories/a%2Fb", body: #"{"identifier":"a/b","actions":[]}"#, headers: Self.json)
        #expect(category.status == .created)
        #expect(category.headers["Location"] == "/api/v1/categories/a%2Fb")
    }

    @Test(arguments: ["r1", "\"r1", "1", "W/r1", "\"r1\", r2", ""])
    func malformedIfMatchIsA400SayingWhatIsWrong(tag: String) throws {
        let fixture = try DashboardFixture()
        let (id, _) = try Self.create(fixture)
        var headers = Self.json
        headers.replaceOrAdd(name: "If-Match", value: tag)
        let response = fixture.send(
            .put, "/api/v1/notifications/\(id)", body: #"{"name":"N","payload":{"aps":{}}}"#, headers: headers
        )
        #expect(response.status == .badRequest)
        #expect(DashboardFixture.text(response).contains("double quotes"))
        #expect(DashboardFixture.text(response).contains("malformed-precondition"))
    }

    @Test func getCarriesTheVerdictAndTheListToo() throws {
        let fixture = try DashboardFixture()
        let (id, created) = try Self.create(fixture, payload: #"{"aps":{"alert":"x","badge":"two"}}"#)
        let root = try #require(JSONReader().read(created.body).root)
        #expect(root["valid"]?.value == .bool(false))
        #expect(root["report"]?["diagnostics"]?.value.arrayElements?.isEmpty == false)
        let list = JSONReader().read(fixture.send(.get, "/api/v1/notifications").body).root
        let first = list?["notifications"]?.value.arrayElements?.first
        #expect(first?["id"]?.value.stringValue == id)
        #expect(first?["valid"]?.value == .bool(false))
    }

    @Test func revisionRestoreTrashAndPurge() throws {
        let fixture = try DashboardFixture()
        let (id, _) = try Self.create(fixture)
        var headers = Self.json
        headers.replaceOrAdd(name: "If-Match", value: #""r1""#)
        let updated = fixture.send(
            .put, "/api/v1/notifications/\(id)", body: #"{"name":"N","payload":{"aps":{"alert":"two"}}}"#,
            headers: headers)
        #expect(updated.status == .ok)
        let one = fixture.send(.get, "/api/v1/notifications/\(id)/revisions/1")
        #expect(JSONReader().read(one.body).root?["payload"]?["aps"]?["alert"]?.value.stringValue == "one")
        #expect(fixture.send(.get, "/api/v1/notifications/\(id)/revisions/x").status == .badRequest)
        #expect(fixture.send(.get, "/api/v1/notifications/\(id)/revisions/9").status == .notFound)
        let stale = fixture.send(
            .post, "/api/v1/notifications/\(id)/revisions/1/restore", headers: ["If-Match": #""r1""#])
        #expect(stale.status == .preconditionFailed)
        let restored = fixture.send(.post, "/api/v1/notifications/\(id)/revisions/1/restore")
        #expect(restored.status == .ok)
        #expect(restored.headers["ETag"] == #""r3""#)
        let revisions = JSONReader().read(fixture.send(.get, "/api/v1/notifications/\(id)/revisions").body)
            .root
        let newest = revisions?["revisions"]?.value.arrayElements?.first
        #expect(newest?["changes"]?.value.arrayElements?.map(\.value.stringValue) == ["Body"])

        #expect(fixture.send(.delete, "/api/v1/trash/notifications/\(id)").status == .notFound)
        #expect(fixture.send(.delete, "/api/v1/notifications/\(id)").status == .noContent)
        #expect(fixture.send(.get, "/api/v1/notifications/\(id)").status == .notFound)
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/trash/notifications")).contains(id))
        #expect(fixture.send(.post, "/api/v1/trash/notifications/\(id)/restore").status == .ok)
        #expect(fixture.send(.get, "/api/v1/notifications/\(id)/revisions/3").status == .ok)
        #expect(fixture.send(.delete, "/api/v1/notifications/\(id)").status == .noContent)
        #expect(fixture.send(.delete, "/api/v1/trash/notifications/\(id)").status == .noContent)
        #expect(fixture.send(.post, "/api/v1/trash/notifications/\(id)/restore").status == .notFound)
    }

    @Test func importDryRunSaysWhatWouldChangeAndWritesNothing() throws {
        let fixture = try DashboardFixture()
        let seed =
            #"{"categories":[{"identifier":"message","actions":[]},{"identifier":"invite","actions":[]}]}"#
        #expect(fixture.send(.put, "/api/v1/categories", body: seed, headers: Self.json).status == .ok)
        let next =
            #"{"categories":[{"identifier":"invite","actions":[],"options":["allowInCarPlay"]},{"identifier":"later","actions":[]}]}"#
        let dryRun = fixture.send(.put, "/api/v1/categories?dryRun=true", body: next, headers: Self.json)
        #expect(dryRun.status == .ok)
        let plan = JSONReader().read(dryRun.body).root?["dryRun"]
        #expect(plan?["summary"]?.value.stringValue == "adds later; changes invite; removes message")
        let after = DashboardFixture.text(fixture.send(.get, "/api/v1/categories"))
        #expect(after.contains(#""message""#) && !after.contains(#""later""#))
    }
}
