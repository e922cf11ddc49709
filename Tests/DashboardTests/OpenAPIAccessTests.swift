import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// The OpenAPI document says, per operation, what the router's declared roles do: the open
/// operations have `security: []`, every other one lists the shared 401, and each one a role or
/// a CSRF token can refuse lists the shared 403 and names its role.
@Suite struct OpenAPIAccessTests {
    @Test func everyOperationDocumentsThe401And403ItsRoleCanAnswer() throws {
        let fixture = try DashboardFixture()
        let bytes = try Data(
            contentsOf: URL(fileURLWithPath: DashboardFixture.repositoryRoot + "/api/openapi.json"))
        let root = try #require(JSONReader().read(Array(bytes)).root)
        let security = try #require(root["security"]?.value.arrayElements)
        #expect(
            security.compactMap { $0.value.objectMembers?.first?.key } == ["bearerAuth", "sessionCookie"])
        for name in ["Unauthenticated", "Forbidden"] {
            #expect(
                root["components"]?["responses"]?[name]?["description"]?.value.stringValue != nil, "\(name)")
        }
        var checked = 0
        for route in fixture.dashboard.routeTable {
            guard
                let operation = root["paths"]?[route.pattern]?[route.method.rawValue.lowercased()]
            else { continue }
            let label = "\(route.method.rawValue) \(route.pattern)"
            let access = try #require(fixture.dashboard.routeRoles.declared(for: route))
            let responses = try #require(operation["responses"], "\(label) has no responses")
            func reference(_ status: String) -> String? { responses[status]?["$ref"]?.value.stringValue }
            checked += 1
            guard case .role(let role) = access else {
                #expect(operation["security"]?.value.arrayElements?.isEmpty == true, "\(label) is open")
                #expect(responses["401"] == nil, "\(label) is open, yet documents 401")
                continue
            }
            #expect(operation["security"] == nil, "\(label) needs the document's security")
            #expect(reference("401") == "#/components/responses/Unauthenticated", "\(label) lacks its 401")
            if role != .viewer || route.method != .get {
                #expect(reference("403") == "#/components/responses/Forbidden", "\(label) lacks its 403")
            }
            let description = operation["description"]?.value.stringValue ?? ""
            #expect(description.contains("the \(role.rawValue) role"), "\(label) does not name its role")
        }
        #expect(checked >= 30)
    }
}
