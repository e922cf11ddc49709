import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// The composer's "Localized" fields (issue 27): a catalog key and its arguments for the title,
/// subtitle and body become `*-loc-key`/`*-loc-args`, a localized payload fills them back, the
/// catalog's findings show under the key's field, and the keys are offered with their
/// development-language text and comment.
@Suite struct ComposerLocalizedTests {
    static func live(_ fixture: DashboardFixture, _ form: [String: String]) throws -> JSONNode {
        let body = String(decoding: try JSONEncoder().encode(form), as: UTF8.self)
        let answer = fixture.send(
            .post, "/notifications/live", body: body, headers: ["Content-Type": "application/json"])
        return try #require(JSONReader().read(answer.body).root)
    }

    @Test func keyAndArgumentsBecomeLocKeyAndLocArgs() throws {
        let fixture = try DashboardFixture()
        _ = fixture.send(
            .put, "/api/v1/strings", body: StringsLanguageTests.catalog,
            headers: ["Content-Type": "application/json"])
        let root = try Self.live(
            fixture,
            [
                "pushType": "alert", "bodyLocKey": "courier.arriving", "bodyLocArgs": "Eva\r\n9:30",
                "language": "cs",
            ])
        let payload = try #require(root["payload"]?.value.stringValue)
        let alert = try #require(JSONReader().read(Array(payload.utf8)).root?["aps"]?["alert"])
        #expect(alert["loc-key"]?.value.stringValue == "courier.arriving")
        #expect(alert["loc-args"]?.value.arrayElements?.map(\.value.stringValue) == ["Eva", "9:30"])
        #expect(
            root["regions"]?["compact"]?.value.stringValue?.contains("V 9:30 k vám dorazí kurýr Eva.") == true
        )
        let missing = try Self.live(fixture, ["pushType": "alert", "titleLocKey": "promo.summer"])
        #expect(missing["notes"]?["titleLocKey"]?["message"]?.value.stringValue?.contains("raw key") == true)
    }

    @Test func aLocalizedPayloadFillsTheFieldsAndEmptyingThemRemovesTheKeys() throws {
        let fixture = try DashboardFixture()
        let raw = #"{"aps":{"alert":{"title-loc-key":"promo","title-loc-args":["A",1],"body":"x"}}}"#
        let root = try Self.live(fixture, ["pushType": "alert", "rawJSON": raw])
        #expect(root["fields"]?["titleLocKey"]?.value.stringValue == "promo")
        #expect(root["fields"]?["titleLocArgs"]?.value.stringValue == "A\n1")
        let cleared = try Self.live(
            fixture,
            [
                "pushType": "alert", "rawJSON": raw, "renderedRaw": raw, "body": "x", "titleLocKey": "",
                "titleLocArgs": "",
            ])
        let payload = try #require(cleared["payload"]?.value.stringValue)
        #expect(!payload.contains("title-loc"))
        #expect(payload.contains(#""body": "x""#) || payload.contains(#""body":"x""#))
    }

    /// Without a catalog the six fields are folded away; a catalog, or a payload already using a
    /// key, opens them.
    @Test func theLocalizedFieldsOpenWithACatalogOrAKeyInUse() throws {
        let fixture = try DashboardFixture()
        let folded = #"<details class="field-group">"#
        let opened = #"<details class="field-group" open>"#
        let empty = DashboardFixture.text(fixture.send(.get, "/notifications/new"))
        #expect(empty.contains(folded) && !empty.contains(opened))
        let saved = fixture.send(
            .post, "/api/v1/notifications",
            body: #"{"name":"k","payload":{"aps":{"alert":{"loc-key":"promo.weekend"}}}}"#,
            headers: ["Content-Type": "application/json"])
        let id = try #require(JSONReader().read(saved.body).root?["id"]?.value.stringValue)
        #expect(DashboardFixture.text(fixture.send(.get, "/notifications/\(id)")).contains(opened))
        _ = fixture.send(
            .put, "/api/v1/strings", body: StringsLanguageTests.catalog,
            headers: ["Content-Type": "application/json"])
        #expect(DashboardFixture.text(fixture.send(.get, "/notifications/new")).contains(opened))
    }

    @Test func theKeysAreOfferedWithTheirTextAndComment() throws {
        let fixture = try DashboardFixture()
        #expect(!DashboardFixture.text(fixture.send(.get, "/notifications/new")).contains("courier.arriving"))
        _ = fixture.send(
            .put, "/api/v1/strings", body: StringsLanguageTests.catalog,
            headers: ["Content-Type": "application/json"])
        let page = DashboardFixture.text(fixture.send(.get, "/notifications/new"))
        #expect(
            page.contains(
                #"<option value="courier.arriving" label="%1$@ will bring your order at %2$@."></option>"#))
        #expect(page.contains(#"<label for="bodyLocKey">Body key</label>"#))
        #expect(page.contains(#"list="loc-key-options""#))
    }
}
