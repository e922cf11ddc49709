import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// The /strings page takes a zip of `*.lproj` folders as well as `Localizable.xcstrings`
/// (issue 27); a damaged zip is refused with what is wrong, and nothing changes.
@Suite struct StringsZipImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("LocalizationTests/Fixtures")

    static func upload(_ fixture: DashboardFixture, _ bytes: [UInt8]) -> Response {
        fixture.dashboard.respond(
            to: Request(
                method: .post, target: "/strings", headers: ["Content-Type": MultipartBody.contentType],
                body: MultipartBody.encode([
                    .init(name: "file", filename: "Shop.zip", contentType: "application/zip", body: bytes)
                ]), remoteAddress: "127.0.0.1"))
    }

    @Test func aZipOfLprojFoldersIsImported() throws {
        let fixture = try DashboardFixture()
        let zip = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("lproj-deflated.zip")))
        var damaged = zip
        damaged[30 + "Shop/Resources/cs.lproj/Localizable.strings".utf8.count + 10] ^= 0x55
        let refused = Self.upload(fixture, damaged)
        #expect(refused.status == .unprocessableContent)
        #expect(DashboardFixture.text(refused).contains("cs.lproj/Localizable.strings"))
        #expect(fixture.send(.get, "/api/v1/strings").status == .notFound)
        let imported = Self.upload(fixture, zip)
        #expect(imported.status == .seeOther || imported.status == .found)
        let root = try #require(JSONReader().read(fixture.send(.get, "/api/v1/strings").body).root)
        #expect(root["sourceLanguage"]?.value.stringValue == "en")
        #expect(root["strings"]?["promo.weekend"]?["localizations"]?["cs"] != nil)
    }
}
