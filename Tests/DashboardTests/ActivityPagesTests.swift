import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// `/activities` through the whole `Dashboard` responder: the app's Swift source imported by
/// the form (pasted or as a file), the types listed with their fields, a source with errors
/// refused with its lines and nothing stored, and Delete.
@Suite struct ActivityPagesTests {
    static let delivery =
        FileManager.default.contents(
            atPath: DashboardFixture.repositoryRoot
                + "/Tests/NotificationKitTests/Fixtures/activities/DeliveryAttributes.swift"
        ).map { String(decoding: $0, as: UTF8.self) } ?? ""
    /// A multipart body as a browser sends the import form: the chosen file (empty when none
    /// is chosen, as browsers send it) and the pasted text.
    static func form(source: String, file: String = "") -> [UInt8] {
        MultipartBody.encode([
            MultipartBody.Part(
                name: "file", filename: file.isEmpty ? "" : "A.swift",
                contentType: "application/octet-stream",
                body: Array(file.utf8)),
            MultipartBody.field("source", source),
        ])
    }

    static func post(_ fixture: DashboardFixture, _ target: String, _ body: [UInt8]) -> Response {
        fixture.dashboard.respond(
            to: Request(
                method: .post, target: target,
                headers: [
                    "Content-Type": MultipartBody.contentType,
                    "Origin": "http://127.0.0.1:8080", "Host": "127.0.0.1:8080",
                ],
                body: body, remoteAddress: "127.0.0.1"))
    }

    @Test func anImportedSourceIsListedWithItsFields() throws {
        let fixture = try DashboardFixture()
        #expect(Self.delivery.contains("struct DeliveryAttributes"))
        let empty = DashboardFixture.text(fixture.send(.get, "/activities"))
        #expect(empty.contains("No types are imported yet"))
        #expect(empty.contains(#"<label for="activity-source">Or paste the source</label>"#))

        let imported = Self.post(fixture, "/activities", Self.form(source: Self.delivery))
        #expect(imported.status == .seeOther)
        #expect(imported.headers["Location"] == "/activities?imported=DeliveryAttributes")
        let page = DashboardFixture.text(fixture.send(.get, "/activities?imported=DeliveryAttributes"))
        #expect(page.contains("Imported DeliveryAttributes."))
        #expect(page.contains("<th scope=\"row\"><code>DeliveryAttributes</code></th>"))
        // The content state by its JSON keys (`eta` is coded as "arrival"), with Swift types.
        #expect(page.contains("<code>arrival: Date</code>"))
        #expect(page.contains("<code>driver: Driver?</code>"))
        #expect(page.contains("Swift source, revision 1"))
        #expect(fixture.send(.get, "/api/v1/activities/DeliveryAttributes").status == .ok)
        // Only type names are echoed from the query.
        let spoofed = DashboardFixture.text(
            fixture.send(.get, "/activities?imported=nothing.%20Your%20account%20is%20locked"))
        #expect(!spoofed.contains("Imported nothing") && !spoofed.contains("locked"))
    }

    /// Issue 29: a chosen file and pasted text are one import (several files of the app), so
    /// broken pasted text refuses the whole import, naming where it is.
    @Test func aChosenFileAndThePastedTextImportTogether() throws {
        let fixture = try DashboardFixture()
        let imported = Self.post(
            fixture, "/activities", Self.form(source: "not swift {", file: Self.delivery))
        #expect(imported.status == .unprocessableContent)
        #expect(DashboardFixture.text(imported).contains("pasted source, line 1"))
        #expect(fixture.send(.get, "/api/v1/activities/DeliveryAttributes").status == .notFound)
        let together = Self.post(
            fixture, "/activities",
            Self.form(source: "struct Extra: Codable { var a: Int }", file: Self.delivery))
        #expect(together.status == .seeOther)
        #expect(fixture.send(.get, "/api/v1/activities/DeliveryAttributes").status == .ok)
    }

    @Test func aSourceWithErrorsIsRefusedWithItsLinesAndStoresNothing() throws {
        let fixture = try DashboardFixture()
        let broken = Self.delivery.replacingOccurrences(
            of: "var progress: Double", with: "var progress: Double = {")
        let refused = Self.post(fixture, "/activities", Self.form(source: broken))
        #expect(refused.status == .unprocessableContent)
        let page = DashboardFixture.text(refused)
        #expect(page.contains("The source has errors; nothing was imported."))
        #expect(page.range(of: #"error</span> line \d+: "#, options: .regularExpression) != nil)
        #expect(page.contains(#"aria-invalid="true""#))
        #expect(page.contains("var progress: Double = {"))  // the text is kept to be fixed
        #expect(fixture.send(.get, "/api/v1/activities/DeliveryAttributes").status == .notFound)

        let nothing = Self.post(fixture, "/activities", Self.form(source: "  \r\n"))
        #expect(nothing.status == .unprocessableContent)
        #expect(DashboardFixture.text(nothing).contains("nothing was sent"))
        let noType = Self.post(fixture, "/activities", Self.form(source: "struct Plain {}"))
        #expect(noType.status == .unprocessableContent)
        #expect(DashboardFixture.text(noType).contains("No struct conforms to ActivityAttributes"))
    }

    @Test func deleteRemovesTheTypeAndAnUnknownOneIs404() throws {
        let fixture = try DashboardFixture()
        #expect(Self.post(fixture, "/activities", Self.form(source: Self.delivery)).status == .seeOther)
        let deleted = Self.post(fixture, "/activities/DeliveryAttributes/delete", [])
        #expect(deleted.status == .seeOther)
        #expect(deleted.headers["Location"] == "/activities?deleted=DeliveryAttributes")
        #expect(fixture.send(.get, "/api/v1/activities/DeliveryAttributes").status == .notFound)
        #expect(
            DashboardFixture.text(fixture.send(.get, "/activities")).contains("No types are imported yet"))
        #expect(Self.post(fixture, "/activities/DeliveryAttributes/delete", []).status == .notFound)
    }
}
