import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// Issue 29: several files of the app imported together, by the page (several files chosen)
/// and the API (`multipart/form-data` or a JSON list), so a type declared in one file resolves
/// from another; a type still unknown is refused naming it, its file and line, and nothing is
/// stored.
@Suite struct MultiFileActivityImportTests {
    static func fixtureText(_ name: String) -> String {
        FileManager.default.contents(
            atPath: DashboardFixture.repositoryRoot + "/Tests/NotificationKitTests/Fixtures/activities/real/"
                + name
        ).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static let timer = fixtureText("FocusTimerAttributes.swift")
    static let category = fixtureText("FocusCategory.swift")

    static func files(_ names: [String]) -> [UInt8] {
        MultipartBody.encode(
            names.map {
                MultipartBody.Part(
                    name: "file", filename: $0, contentType: "application/octet-stream",
                    body: Array(fixtureText($0).utf8))
            } + [MultipartBody.field("source", "")])
    }

    @Test func thePageImportsSeveralChosenFilesTogether() throws {
        let fixture = try DashboardFixture()
        #expect(Self.timer.contains("FocusCategory") && Self.category.contains("enum FocusCategory"))
        let response = ActivityPagesTests.post(
            fixture, "/activities", Self.files(["FocusTimerAttributes.swift", "FocusCategory.swift"]))
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/activities?imported=FocusTimerAttributes")
        let page = DashboardFixture.text(fixture.send(.get, "/activities"))
        #expect(page.contains("<code>category: FocusCategory</code>"))
        #expect(page.contains(#"name="file" multiple"#))
    }

    @Test func thePageRefusesATypeFromAFileNotChosen() throws {
        let fixture = try DashboardFixture()
        let response = ActivityPagesTests.post(
            fixture, "/activities", Self.files(["FocusTimerAttributes.swift"]))
        #expect(response.status == .unprocessableContent)
        let page = DashboardFixture.text(response)
        #expect(page.contains("line 9: the type `FocusCategory` is neither"), "\(page)")
        #expect(fixture.send(.get, "/api/v1/activities/FocusTimerAttributes").status == .notFound)
    }

    @Test func theAPIReadsAMultipartBodyOfSeveralFiles() throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(
            .put, "/api/v1/activities/FocusTimerAttributes",
            body: String(
                decoding: Self.files(["FocusTimerAttributes.swift", "FocusCategory.swift"]), as: UTF8.self),
            headers: ["Content-Type": MultipartBody.contentType])
        #expect(response.status == .created, "\(DashboardFixture.text(response))")
    }

    @Test func theAPIReadsAJSONListOfFiles() throws {
        let fixture = try DashboardFixture()
        let list: JSONValue = .list([
            .members(["name": .string("FocusTimerAttributes.swift"), "source": .string(Self.timer)]),
            .members(["name": .string("FocusCategory.swift"), "source": .string(Self.category)]),
        ])
        let response = fixture.send(
            .put, "/api/v1/activities/FocusTimerAttributes", body: JSONWriter().string(list),
            headers: ["Content-Type": "application/json"])
        #expect(response.status == .created, "\(DashboardFixture.text(response))")
        let stored = try #require(
            JSONReader().read(fixture.send(.get, "/api/v1/activities/FocusTimerAttributes").body).root)
        #expect(JSONWriter().string(stored.value).contains(#""deep-work""#))

        let alone = fixture.send(
            .put, "/api/v1/activities/FocusTimerAttributes",
            body: JSONWriter().string(.list([list.arrayElements?.first?.value ?? .null])),
            headers: ["Content-Type": "application/json"])
        #expect(alone.status == .unprocessableContent)
        let root = try #require(JSONReader().read(alone.body).root)
        let diagnostic = try #require(root["diagnostics"]?.value.arrayElements?.first)
        #expect(diagnostic["code"]?.value.stringValue == "activities.swift.unknown-type")
        #expect(diagnostic["line"]?.value.numberValue?.int64Value == 9)

        let malformed = fixture.send(
            .put, "/api/v1/activities/FocusTimerAttributes", body: #"[{"name": "A.swift"}]"#,
            headers: ["Content-Type": "application/json"])
        #expect(malformed.status == .badRequest)
    }
}
