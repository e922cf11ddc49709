import Foundation
import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// Issue 12: every limit is a 4xx that names it, the same for the API and the form.
@Suite struct LimitTests {
    static let jsonHeaders: HTTPHeaders = ["Host": "127.0.0.1:8080", "Content-Type": "application/json"]
    static let formHeaders: HTTPHeaders = [
        "Host": "127.0.0.1:8080", "Content-Type": "application/x-www-form-urlencoded",
    ]

    static func category(_ identifier: String, actions: Int = 1) -> String {
        let list = (0..<actions).map { #"{"identifier":"a\#($0)","title":"A"}"# }.joined(separator: ",")
        return #"{"identifier":"\#(identifier)","actions":[\#(list)]}"#
    }

    @Test func anIdentifierOverTheLimitIsRefusedByTheAPIAndTheForm() throws {
        let fixture = try DashboardFixture()
        let long = String(repeating: "x", count: 257)
        let api = fixture.send(
            .put, "/api/v1/categories/\(long)", body: Self.category(long), headers: Self.jsonHeaders)
        #expect(api.status == .unprocessableContent)
        #expect(DashboardFixture.text(api).contains("categories.identifier-too-long"))
        #expect(DashboardFixture.text(api).contains("at most 256 bytes"))
        let form = fixture.send(
            .post, "/categories/new",
            body:
                "identifier=\(long)&actions%5B0%5D%5Bidentifier%5D=a&actions%5B0%5D%5Btitle%5D=A&intent=save",
            headers: Self.formHeaders)
        #expect(form.status == .unprocessableContent)
        #expect(DashboardFixture.text(form).contains("at most 256 bytes"))
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")) == #"{"categories":[]}"#)
        let fits = String(repeating: "x", count: 256)
        let saved = fixture.send(
            .put, "/api/v1/categories/\(fits)", body: Self.category(fits), headers: Self.jsonHeaders)
        #expect(saved.status == .created)
    }

    @Test(arguments: [(".", "%2E"), ("..", "%2E%2E"), ("new", "new")])
    func dotAndNewAreRefusedEverywhere(identifier: String, segment: String) throws {
        let fixture = try DashboardFixture()
        let one = fixture.send(
            .put, "/api/v1/categories/\(segment)", body: Self.category(identifier), headers: Self.jsonHeaders)
        #expect(one.status == .unprocessableContent)
        #expect(DashboardFixture.text(one).contains("categories.reserved-identifier"))
        let whole = fixture.send(
            .put, "/api/v1/categories", body: #"{"categories":[\#(Self.category(identifier))]}"#,
            headers: Self.jsonHeaders)
        #expect(whole.status == .unprocessableContent)
        let form = fixture.send(
            .post, "/categories/new",
            body:
                "identifier=\(segment)&actions%5B0%5D%5Bidentifier%5D=a&actions%5B0%5D%5Btitle%5D=A&intent=save",
            headers: Self.formHeaders)
        #expect(form.status == .unprocessableContent)
        #expect(DashboardFixture.text(form).contains("cannot be a category identifier"))
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")) == #"{"categories":[]}"#)
    }

    @Test func theNumberOfCategoriesAndActionsIsBounded() throws {
        let fixture = try DashboardFixture()
        let many = (0...500).map { Self.category("c\($0)") }.joined(separator: ",")
        let tooMany = fixture.send(
            .put, "/api/v1/categories", body: #"{"categories":[\#(many)]}"#, headers: Self.jsonHeaders)
        #expect(tooMany.status == .unprocessableContent)
        #expect(DashboardFixture.text(tooMany).contains("categories.too-many-categories"))
        #expect(DashboardFixture.text(tooMany).contains("at most 500"))
        let actions = fixture.send(
            .put, "/api/v1/categories/c", body: Self.category("c", actions: 33), headers: Self.jsonHeaders)
        #expect(actions.status == .unprocessableContent)
        #expect(DashboardFixture.text(actions).contains("categories.action-limit"))
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")) == #"{"categories":[]}"#)
    }
}

/// Issue 12: a stored document that no longer reads is named on `/categories`, not dropped silently.
@Suite struct UnreadableCategoryTests {
    @Test func theCategoryListNamesStoredDocumentsThatNoLongerRead() throws {
        let fixture = try DashboardFixture()
        let store = try Store(directory: fixture.dataDirectory)
        _ = try store.categories.put(
            CategoryDocument(identifier: "broken", json: #"{"identifier":"#), by: "t")
        let page = DashboardFixture.text(
            fixture.send(.get, "/categories", headers: ["Host": "127.0.0.1:8080"]))
        #expect(page.contains("Stored categories that no longer read"))
        #expect(page.contains("<code>broken</code>"))
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")) == #"{"categories":[]}"#)
    }
}
