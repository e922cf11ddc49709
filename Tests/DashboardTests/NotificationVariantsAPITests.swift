import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// Per-language variants of a saved notification (issue 27): stored with each revision,
/// returned with each variant's own verdict, exported one language at a time or all keyed by
/// tag, and a bad tag refused with what is wrong.
@Suite struct NotificationVariantsAPITests {
    static let json: HTTPHeaders = ["Content-Type": "application/json"]
    static let payload =
        #"{"aps":{"alert":{"title":"Sale","title-loc-key":"SALE","body":"Today only"},"sound":"default"},"id":7}"#
    static let variants =
        #"{"cs":{"title":"Výprodej","body":"Jen dnes"},"vi":{"title":"Giảm giá","subtitle":"Hôm nay","body":"Chỉ hôm nay"}}"#

    static func create(_ fixture: DashboardFixture, variants: String = variants) -> Response {
        fixture.send(
            .post, "/api/v1/notifications",
            body: #"{"name":"N","payload":\#(payload),"variants":\#(variants)}"#, headers: json)
    }

    static func root(_ response: Response) throws -> JSONNode {
        try #require(JSONReader().read(response.body).root)
    }

    @Test func variantsAreStoredReturnedAndKeptWithEachRevision() throws {
        let fixture = try DashboardFixture()
        let created = Self.create(fixture)
        #expect(created.status == .created)
        let body = try Self.root(created)
        let id = try #require(body["id"]?.value.stringValue)
        #expect(body["variants"]?["cs"]?["title"]?.value.stringValue == "Výprodej")
        #expect(body["variants"]?["vi"]?["subtitle"]?.value.stringValue == "Hôm nay")
        #expect(body["variantReports"]?["cs"]?["valid"]?.value.boolValue == true)
        // A PUT without "variants" keeps them; one with {} removes them.
        var headers = Self.json
        headers.replaceOrAdd(name: "If-Match", value: #""r1""#)
        let kept = fixture.send(
            .put, "/api/v1/notifications/\(id)", body: #"{"name":"N2","payload":\#(Self.payload)}"#,
            headers: headers)
        #expect(kept.status == .ok)
        #expect(try Self.root(kept)["variants"]?["vi"]?["body"]?.value.stringValue == "Chỉ hôm nay")
        headers.replaceOrAdd(name: "If-Match", value: #""r2""#)
        let cleared = fixture.send(
            .put, "/api/v1/notifications/\(id)",
            body: #"{"name":"N3","payload":\#(Self.payload),"variants":{}}"#,
            headers: headers)
        #expect(cleared.status == .ok)
        #expect(try Self.root(cleared)["variants"] == nil)
        let revisions = try Self.root(fixture.send(.get, "/api/v1/notifications/\(id)/revisions"))
        let list = try #require(revisions["revisions"]?.value.arrayElements)
        #expect(list.count == 3)
        #expect(list[0]["variants"] == nil)
        #expect(list[2]["variants"]?["cs"]?["body"]?.value.stringValue == "Jen dnes")
    }

    @Test func eachVariantIsValidatedOnItsOwn() throws {
        let fixture = try DashboardFixture()
        let long = String(repeating: "ř", count: 2100)
        let created = Self.create(fixture, variants: #"{"cs":{"body":"\#(long)"},"de":{"body":"Kurz"}}"#)
        let body = try Self.root(created)
        #expect(body["valid"]?.value.boolValue == true)
        #expect(body["variantReports"]?["cs"]?["valid"]?.value.boolValue == false)
        #expect(
            body["variantReports"]?["cs"]?["report"]?["size"]?["bytes"]?.value.numberValue?.int64Value ?? 0
                > 4096)
        #expect(body["variantReports"]?["de"]?["valid"]?.value.boolValue == true)
    }

    @Test(arguments: [
        ("pt_BR", "ASCII letters, digits"), ("e", "2 or 3 letters"), ("cs-", "empty subtag"),
        ("en-GB-x", "has no subtag"), ("cs-CZ-CZ", #"\"CZ\" is not a script"#), ("", "must not be empty"),
    ])
    func aBadLanguageTagIsA422SayingWhy(tag: String, says: String) throws {
        let fixture = try DashboardFixture()
        let response = Self.create(fixture, variants: #"{"\#(tag)":{"body":"x"}}"#)
        #expect(response.status == .unprocessableContent)
        let text = DashboardFixture.text(response)
        #expect(text.contains("invalid-language-tag"))
        #expect(text.contains(says))
        #expect(
            try Self.root(fixture.send(.get, "/api/v1/notifications"))["total"]?.value.numberValue?.int64Value
                == 0)
    }

    @Test(arguments: [
        (#"{"cs":{"body":"x"},"CS":{"body":"y"}}"#, "invalid-language-tag"),
        (#"{"cs":"x"}"#, "invalid-field"), (#"{"cs":{"sound":"x"}}"#, "invalid-field"),
        (#"{"cs":{"body":1}}"#, "invalid-field"), (#"["cs"]"#, "invalid-field"),
    ])
    func aMalformedVariantsMemberIsRefused(variants: String, code: String) throws {
        let fixture = try DashboardFixture()
        let response = Self.create(fixture, variants: variants)
        #expect(response.status == .unprocessableContent)
        #expect(DashboardFixture.text(response).contains(code))
    }

    @Test(arguments: [
        "zh-Hans", "pt-BR", "es-419", "sr-Latn-RS", "de-CH-1996", "en-US-u-ca-gregory", "cs", "cs-x-test",
    ])
    func wellFormedTagsAreTaken(tag: String) throws {
        let fixture = try DashboardFixture()
        #expect(Self.create(fixture, variants: #"{"\#(tag)":{"body":"x"}}"#).status == .created)
    }

    @Test func exportGivesOnePayloadPerLanguageOrAllKeyedByTag() throws {
        let fixture = try DashboardFixture()
        let id = try #require(try Self.root(Self.create(fixture))["id"]?.value.stringValue)
        let base = fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json")
        #expect(base.status == .ok)
        #expect(DashboardFixture.text(base) == Self.payload)
        let czech = fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json&language=cs")
        #expect(czech.status == .ok)
        // The title's loc-key would win on the device, so it goes; the shared members stay in place.
        #expect(
            DashboardFixture.text(czech)
                == #"{"aps":{"alert":{"title":"Výprodej","body":"Jen dnes"},"sound":"default"},"id":7}"#)
        let all = try Self.root(
            fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json&language=all"))
        #expect(all["cs"]?["aps"]?["alert"]?["body"]?.value.stringValue == "Jen dnes")
        #expect(all["vi"]?["aps"]?["alert"]?["subtitle"]?.value.stringValue == "Hôm nay")
        #expect(all["vi"]?["id"]?.value.numberValue?.int64Value == 7)
        let missing = fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json&language=de")
        #expect(missing.status == .notFound)
        #expect(DashboardFixture.text(missing).contains("cs, vi"))
        let malformed = fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json&language=cs_CZ")
        #expect(malformed.status == .badRequest)
        #expect(DashboardFixture.text(malformed).contains(#"\"cs_CZ\" is not"#))
        #expect(fixture.send(.get, "/api/v1/notifications/\(id)/export").status == .badRequest)
    }

    @Test func exportOfAnInvalidVariantIsItsReport() throws {
        let fixture = try DashboardFixture()
        let long = String(repeating: "ř", count: 2100)
        let id = try #require(
            try Self.root(Self.create(fixture, variants: #"{"cs":{"body":"\#(long)"},"vi":{"body":"ok"}}"#))[
                "id"]?
                .value.stringValue)
        let czech = fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json&language=cs")
        #expect(czech.status == .unprocessableContent)
        #expect(try Self.root(czech)["valid"]?.value.boolValue == false)
        let all = fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json&language=all")
        #expect(all.status == .unprocessableContent)
        let root = try Self.root(all)
        #expect(root["cs"]?["valid"]?.value.boolValue == false)
        #expect(root["vi"]?["valid"]?.value.boolValue == true)
        #expect(
            fixture.send(.get, "/api/v1/notifications/\(id)/export?format=json&language=vi").status == .ok)
    }
}
