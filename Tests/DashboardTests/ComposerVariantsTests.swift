import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// The composer's language variants (issue 27), as plain form posts (no JavaScript): "Add
/// language" refuses a bad tag, a tab previews its variant, each tab says what is missing or
/// invalid, Save keeps the variants, "Remove" drops one, and the language matrix shows every
/// language × device × surface with its ticket text.
@Suite struct ComposerVariantsTests {
    static func post(_ fixture: DashboardFixture, _ target: String, _ pairs: [(String, String)]) -> Response {
        var body = URLComponents()
        body.queryItems = pairs.map { URLQueryItem(name: $0.0, value: $0.1) }
        let encoded = (body.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return fixture.send(
            .post, target, body: encoded, headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    static let base: [(String, String)] = [
        ("pushType", "alert"), ("title", "Big sale"), ("body", "Everything half price today"),
    ]

    @Test func addingALanguageShowsItsTabAndABadTagIsRefused() throws {
        let fixture = try DashboardFixture()
        let added = Self.post(
            fixture, "/notifications/new", Self.base + [("intent", "add-variant"), ("addVariant", "cs")])
        #expect(added.status == .ok)
        let page = DashboardFixture.text(added)
        #expect(page.contains(#"<input type="hidden" name="variantTags" value="cs">"#))
        #expect(page.contains(#"data-variant-tab="cs" aria-pressed="true""#))
        #expect(page.contains("missing title, body"))
        #expect(page.contains(#"id="variant-cs-title" name="variant-cs-title""#))
        let bad = Self.post(
            fixture, "/notifications/new", Self.base + [("intent", "add-variant"), ("addVariant", "cs_CZ")])
        #expect(bad.status == .unprocessableContent)
        #expect(DashboardFixture.text(bad).contains("ASCII letters, digits"))
        #expect(!DashboardFixture.text(bad).contains(#"data-variant-tab="cs_CZ""#))
    }

    @Test func aTabPreviewsItsVariantAndTheMatrixComparesLanguages() throws {
        let fixture = try DashboardFixture()
        let czech = String(repeating: "Všechno za polovinu jen dnes ", count: 12)
        let form =
            Self.base + [
                ("variantTags", "cs vi"), ("variant-cs-title", "Velký výprodej"), ("variant-cs-body", czech),
                ("variant-vi-title", "Giảm giá lớn"), ("variant-vi-body", "Mọi thứ giảm nửa giá"),
            ]
        let base = DashboardFixture.text(
            Self.post(fixture, "/notifications/new", form + [("variantTab", "")]))
        #expect(base.contains("Everything half price today"))
        let shown = DashboardFixture.text(
            Self.post(fixture, "/notifications/new", form + [("variantTab", "cs")]))
        #expect(shown.contains("Velký výprodej"))
        #expect(shown.contains(#"<input type="hidden" id="variantShown" name="variantShown" value="cs">"#))
        // The matrix: base, cs, vi, each language a row group; Czech's long body is cut, the
        // base fits on the lock screen.
        #expect(shown.contains(#"<tbody data-language="cs">"#))
        #expect(shown.contains(#"<tbody data-language="vi">"#))
        #expect(shown.contains(#"<tbody data-language="base">"#))
        let summary = try #require(shown.firstRange(of: #"data-language-summary="cs""#))
        #expect(shown[summary.upperBound...].prefix(200).contains("cut on"))
        #expect(shown.contains("[cs]\n"))
        #expect(shown.contains("[vi]\n"))
    }

    @Test func theLiveAnswerFollowsTheTabAndCarriesTheNewRegions() throws {
        let fixture = try DashboardFixture()
        let body =
            #"{"pushType":"alert","title":"Sale","body":"Today","variantTags":"vi","variant-vi-title":"Giảm giá","variantShown":"vi"}"#
        let answer = DashboardFixture.text(
            fixture.send(
                .post, "/notifications/live", body: body, headers: ["Content-Type": "application/json"]))
        let root = try #require(JSONReader().read(Array(answer.utf8)).root)
        let compact = try #require(root["regions"]?["compact"]?.value.stringValue)
        #expect(compact.contains("Giảm giá"))
        #expect(root["regions"]?["variantStatus"]?.value.stringValue?.contains("missing body") == true)
        #expect(
            root["regions"]?["languageMatrix"]?.value.stringValue?.contains(#"data-language="vi""#) == true)
    }

    @Test func saveKeepsTheVariantsAndRemoveDropsOne() throws {
        let fixture = try DashboardFixture()
        let form =
            Self.base + [
                ("variantTags", "cs vi"), ("variant-cs-title", "Výprodej"), ("variant-cs-body", "Dnes"),
                ("variant-vi-body", "Hôm nay"),
            ]
        let saved = Self.post(fixture, "/notifications/new", form + [("intent", "save")])
        #expect(saved.status == .seeOther || saved.status == .found)
        let location = try #require(saved.headers["Location"])
        let id = String(location.dropFirst("/notifications/".count).prefix(16))
        let api = DashboardFixture.text(fixture.send(.get, "/api/v1/notifications/\(id)"))
        #expect(
            api.contains(#""variants":{"cs":{"title":"Výprodej","body":"Dnes"},"vi":{"body":"Hôm nay"}}"#))
        let page = DashboardFixture.text(fixture.send(.get, "/notifications/\(id)"))
        #expect(page.contains(#"name="variantTags" value="cs vi""#))
        #expect(page.contains(#"id="unsaved-status" class="unsaved-status" role="status" hidden>"#))
        let download = fixture.send(.get, "/notifications/\(id)/export.json?language=cs")
        #expect(download.status == .ok)
        #expect(DashboardFixture.text(download).contains(#""title":"Výprodej""#))
        #expect(fixture.send(.get, "/notifications/\(id)/export.json?language=de").status == .notFound)
        let removed = DashboardFixture.text(
            Self.post(fixture, "/notifications/\(id)", form + [("revision", "1"), ("removeVariant", "cs")]))
        #expect(removed.contains(#"name="variantTags" value="vi""#))
        #expect(removed.contains(#"id="unsaved-status" class="unsaved-status" role="status">"#))
    }
}
