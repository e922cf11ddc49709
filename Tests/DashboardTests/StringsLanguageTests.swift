import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// The composer's Language picker: with the app's String Catalog loaded, a payload's loc-keys are
/// previewed in the chosen language as iOS resolves them, and the validator's report carries the
/// catalog checks.
@Suite struct StringsLanguageTests {
    static let catalog = """
        {"sourceLanguage":"en","version":"1.0","strings":{
        "courier.arriving":{"extractionState":"manual","localizations":{
        "en":{"stringUnit":{"state":"translated","value":"%1$@ will bring your order at %2$@."}},
        "cs":{"stringUnit":{"state":"translated","value":"V %2$@ k vám dorazí kurýr %1$@."}}}}}}
        """
    static let payload = #"{"aps":{"alert":{"loc-key":"courier.arriving","loc-args":["Eva","9:30"]}}}"#

    static func live(_ fixture: DashboardFixture, language: String?) -> String {
        var form = #"{"rawJSON": "# + String(decoding: try! JSONEncoder().encode(payload), as: UTF8.self)
        if let language { form += #", "language": "\#(language)""# }
        form += "}"
        return DashboardFixture.text(
            fixture.send(
                .post, "/notifications/live", body: form, headers: ["Content-Type": "application/json"]))
    }

    @Test func theLanguagePickerResolvesTheKeyInEachLanguage() throws {
        let fixture = try DashboardFixture()
        #expect(Self.live(fixture, language: "cs").contains("⟨courier.arriving: Eva, 9:30⟩"))
        let put = fixture.send(
            .put, "/api/v1/strings", body: Self.catalog, headers: ["Content-Type": "application/json"])
        #expect(put.status == .ok)
        let czech = Self.live(fixture, language: "cs")
        #expect(czech.contains("V 9:30 k vám dorazí kurýr Eva."))
        let english = Self.live(fixture, language: nil)
        #expect(english.contains("Eva will bring your order at 9:30."))
        #expect(Self.live(fixture, language: "fr").contains("Eva will bring your order at 9:30."))
        let page = DashboardFixture.text(fixture.send(.get, "/notifications/new?language=cs"))
        #expect(page.contains(#"<option value="cs" lang="cs" selected>cs</option>"#))
        #expect(page.contains(#"<label for="language">Language</label>"#))
    }

    @Test func theReportHasTheCatalogChecks() throws {
        let fixture = try DashboardFixture()
        _ = fixture.send(
            .put, "/api/v1/strings", body: Self.catalog, headers: ["Content-Type": "application/json"])
        let report = DashboardFixture.text(
            fixture.send(
                .post, "/api/v1/validate", body: #"{"aps":{"alert":{"loc-key":"promo.summer"}}}"#,
                headers: ["Content-Type": "application/json"]))
        #expect(report.contains(#""code":"strings.missing-key""#))
        let live = DashboardFixture.text(
            fixture.send(
                .post, "/notifications/live",
                body: #"{"rawJSON": "{\"aps\":{\"alert\":{\"loc-key\":\"promo.summer\"}}}"}"#,
                headers: ["Content-Type": "application/json"]))
        #expect(live.contains("strings.missing-key"))
    }

    @Test func theLanguageMatrixHasEveryLanguageAndRefusesWhatItCannotDo() throws {
        let fixture = try DashboardFixture()
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let before = fixture.send(
            .post, "/api/v1/preview?device=all&languages=all", body: Self.payload, headers: json)
        #expect(before.status == .badRequest)
        #expect(DashboardFixture.text(before).contains("String Catalog"))
        _ = fixture.send(.put, "/api/v1/strings", body: Self.catalog, headers: json)
        let answer = fixture.send(
            .post, "/api/v1/preview?device=all&languages=all", body: Self.payload, headers: json)
        #expect(answer.status == .ok)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let languages = try #require(document["languages"] as? [[String: Any]])
        #expect(languages.map { $0["language"] as? String } == ["en", "cs"])
        let czechRows = try #require((languages[1]["matrix"] as? [String: Any])?["rows"] as? [[String: Any]])
        let lastShown = czechRows.compactMap { ($0["body"] as? [String: Any])?["lastShown"] as? String }
        #expect(lastShown.contains { $0.contains("Eva") })
        #expect(document["report"] != nil)
        let text = fixture.send(
            .post, "/api/v1/preview?device=all&languages=cs", body: Self.payload,
            headers: ["Content-Type": "application/json", "Accept": "text/plain"])
        #expect(DashboardFixture.text(text).contains("[cs]"))
        #expect(!DashboardFixture.text(text).contains("[en]"))
        let unknown = fixture.send(
            .post, "/api/v1/preview?device=all&languages=cs,fr", body: Self.payload, headers: json)
        #expect(unknown.status == .badRequest)
        #expect(DashboardFixture.text(unknown).contains(#"not \"fr\""#))
        let oneDevice = fixture.send(
            .post, "/api/v1/preview?languages=all", body: Self.payload, headers: json)
        #expect(oneDevice.status == .badRequest)
    }

    @Test func actionTitlesAndTheHiddenPreviewsPlaceholderFollowTheLanguage() throws {
        let fixture = try DashboardFixture()
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let category = #"""
            {"identifier":"order","hiddenPreviewsBodyPlaceholder":"%u new orders",
            "actions":[{"identifier":"track","title":"Track"},{"identifier":"cancel","title":"Cancel order"}]}
            """#
        #expect(
            fixture.send(.put, "/api/v1/categories/order", body: category, headers: json).status.code < 300)
        let catalog = """
            {"sourceLanguage":"en","strings":{
            "Track":{"localizations":{"cs":{"stringUnit":{"state":"translated","value":"Sledovat"}}}},
            "%u new orders":{"localizations":{"cs":{"stringUnit":{"state":"translated","value":"%u nových objednávek"}}}},
            "courier.arriving":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%1$@ at %2$@"}}}}}}
            """
        _ = fixture.send(.put, "/api/v1/strings", body: catalog, headers: json)
        let payload =
            #"{"aps":{"category":"order","alert":{"loc-key":"courier.arriving","loc-args":["Eva","9:30"]}}}"#
        func live(_ language: String, hidden: Bool = false) -> String {
            var form = #"{"rawJSON": "# + String(decoding: try! JSONEncoder().encode(payload), as: UTF8.self)
            form += #", "language": "\#(language)""# + (hidden ? #", "hiddenPreviews": "on""# : "") + "}"
            return DashboardFixture.text(
                fixture.send(.post, "/notifications/live", body: form, headers: json))
        }
        let czech = live("cs")
        #expect(czech.contains("Sledovat"))
        #expect(czech.contains("Cancel order"))  // no key in the catalog: the registered title
        #expect(!czech.contains(">Track<"))
        #expect(live("en").contains("Track"))
        #expect(live("cs", hidden: true).contains("1 nových objednávek"))
    }
}
