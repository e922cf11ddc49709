import Foundation
import HTTPKit
import NotificationKit
import Testing

@testable import Dashboard

/// Two people editing one category: the second save from a stale form changes nothing.
@Suite struct CategoryFormConflictTests {
    private static let host: HTTPHeaders = ["Host": "127.0.0.1:8080"]

    private func send(
        _ dashboard: Dashboard, _ method: HTTPMethod, _ target: String, _ body: String, type: String
    )
        -> Response
    {
        var headers = Self.host
        headers.add(name: "Content-Type", value: type)
        return dashboard.respond(
            to: Request(method: method, target: target, headers: headers, body: Array(body.utf8)))
    }

    @Test func aStaleFormIsRefusedWith409AndASecondSaveReplaces() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catconflict-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let dashboard = try Dashboard(
            configuration: DashboardConfiguration(
                dataDirectory: data.path))
        let first = #"{"identifier":"msg","actions":[{"identifier":"reply","title":"Reply"}]}"#
        #expect(
            send(dashboard, .put, "/api/v1/categories/msg", first, type: "application/json").status
                == .created)

        let page = String(
            decoding: dashboard.respond(
                to: Request(method: .get, target: "/categories/msg", headers: Self.host)
            ).body,
            as: UTF8.self)
        #expect(page.contains(#"<input type="hidden" name="revision" value="1">"#))

        let second =
            #"{"identifier":"msg","actions":[{"identifier":"reply","title":"Reply"},{"identifier":"delete","title":"Delete"}]}"#
        #expect(
            send(dashboard, .put, "/api/v1/categories/msg", second, type: "application/json").status == .ok)

        let stale =
            "identifier=msg&revision=1&actions%5B0%5D%5Bidentifier%5D=reply"
            + "&actions%5B0%5D%5Btitle%5D=Reply+now&intent=save"
        let refused = send(
            dashboard, .post, "/categories/msg", stale, type: "application/x-www-form-urlencoded")
        #expect(refused.status == .conflict)
        let refusedPage = String(decoding: refused.body, as: UTF8.self)
        #expect(refusedPage.contains("Someone changed this category while you were editing"))
        #expect(refusedPage.contains(#"name="revision" value="2""#))
        let registry = CategoryConfig.read(
            dashboard.respond(to: Request(method: .get, target: "/api/v1/categories", headers: Self.host))
                .body)
        #expect(registry.config?.categories.first?.actions.map(\.identifier) == ["reply", "delete"])

        let again = stale.replacingOccurrences(of: "revision=1", with: "revision=2")
        let saved = send(
            dashboard, .post, "/categories/msg", again, type: "application/x-www-form-urlencoded")
        #expect(saved.status == .seeOther)
    }
}

@Suite struct CategoryFormReservedIdentifierTests {
    @Test func theFormRefusesACategoryNamedNew() throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(
            .post, "/categories/new",
            body: "identifier=new&actions%5B0%5D%5Bidentifier%5D=a&actions%5B0%5D%5Btitle%5D=A&intent=save",
            headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/x-www-form-urlencoded"])
        #expect(response.status == .unprocessableContent)
        #expect(DashboardFixture.text(response).contains("cannot be a category identifier"))
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")) == #"{"categories":[]}"#)
    }
}
