import Foundation
import HTTPKit
import JSON
import NotificationKit
import Testing

@testable import Dashboard

/// The OpenAPI document describes exactly the routes the router answers: a route nobody
/// documented, or a documented operation that does not exist, fails here.
@Suite struct OpenAPIDocumentTests {
    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsARoute() throws {
        let fixture = try DashboardFixture()
        let documented = try Self.documentedOperations()
        let routed = Set(
            fixture.dashboard.routeTable
                .filter {
                    $0.pattern.hasPrefix("/api/") || ["/healthz", "/readyz", "/metrics"].contains($0.pattern)
                }
                .map { "\($0.method.rawValue.lowercased()) \($0.pattern)" })
        #expect(routed.subtracting(documented).sorted() == [], "routes missing from the document")
        #expect(documented.subtracting(routed).sorted() == [], "documented operations with no route")
        #expect(routed.count >= 15)
    }

    @Test func theServedDocumentIsTheCommittedFile() throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(.get, "/api/v1/openapi.json")
        #expect(response.status == .ok)
        let file = try Data(
            contentsOf: URL(fileURLWithPath: DashboardFixture.repositoryRoot + "/api/openapi.json"))
        #expect(response.body == Array(file))
        #expect(JSONReader().read(response.body).isValid)
    }

    /// `method path` for every operation under `paths`.
    static func documentedOperations() throws -> Set<String> {
        let bytes = try Data(
            contentsOf: URL(fileURLWithPath: DashboardFixture.repositoryRoot + "/api/openapi.json"))
        let root = try #require(JSONReader().read(Array(bytes)).root)
        let paths = try #require(root["paths"]?.value.objectMembers)
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
        var operations: Set<String> = []
        for path in paths {
            for member in path.value.value.objectMembers ?? [] where methods.contains(member.key) {
                operations.insert("\(member.key) \(path.key)")
            }
        }
        return operations
    }
}
