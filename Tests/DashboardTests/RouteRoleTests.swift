import Access
import HTTPKit
import Testing

@testable import Dashboard

/// Every route declares the role it needs, and each role is let in or refused as declared, on
/// the API (tokens) and on pages (sessions).
@Suite struct RouteRoleTests {
    @Test func everyRouteDeclaresItsRoleAndEveryDeclarationIsARoute() throws {
        let fixture = try DashboardFixture()
        let routes = fixture.dashboard.routeTable
        let roles = fixture.dashboard.routeRoles
        let undeclared = routes.filter { roles.declared(for: $0) == nil }.map {
            "\($0.method) \($0.pattern)"
        }
        #expect(undeclared.isEmpty, "routes registered without a role: \(undeclared)")
        let routed = Set(routes.map { "\($0.method.rawValue) \($0.pattern)" })
        let stale = Set(roles.declarations.keys).subtracting(routed).sorted()
        #expect(stale.isEmpty, "roles declared for routes the router does not answer: \(stale)")
        #expect(routes.count == roles.declarations.count)
    }

    /// The open routes are exactly these: a route declared `.anyone` by mistake fails here.
    @Test func onlyHealthReadinessLoginAndTheGeometryStylesheetAreDeclaredOpen() throws {
        let fixture = try DashboardFixture()
        let open = fixture.dashboard.routeTable.filter {
            fixture.dashboard.routeRoles.declared(for: $0) == .anyone
        }
        #expect(
            Set(open.map { "\($0.method.rawValue) \($0.pattern)" })
                == ["GET /healthz", "GET /readyz", "GET /login", "POST /login", "GET /preview/geometry.css"])
    }

    @Test func everyOtherRouteOfEveryMethodNeedsALogin() throws {
        let fixture = try AccessDashboard()
        let open: Set<String> = ["/healthz", "/readyz", "/login", "/preview/geometry.css"]
        for route in fixture.dashboard.routeTable where !open.contains(route.pattern) {
            let path = route.pattern.replacing(/\{[a-z]+\}/, with: "x")
            let response = fixture.send(
                route.method, path, body: "{}", headers: ["Content-Type": "application/json"])
            let status = response.status
            #expect(
                status == .unauthorized || (status == .seeOther && route.method == .get),
                "\(route.method) \(path) answered \(status.code) without login")
        }
    }

    /// (method, path, body, role needed) for the API.
    static let apiCases: [(HTTPMethod, String, String, Role)] = [
        (.get, "/api/v1/categories", "", .viewer),
        (.get, "/api/v1/notifications", "", .viewer),
        (.get, "/api/v1/openapi.json", "", .viewer),
        (.post, "/api/v1/validate", #"{"aps":{"alert":"hi"}}"#, .viewer),
        (.put, "/api/v1/categories/msg", AccessDashboard.category("msg"), .editor),
        (.delete, "/api/v1/categories/nothing", "", .editor),
        (
            .post, "/api/v1/notifications", #"{"name":"n","headers":{},"payload":{"aps":{"alert":"x"}}}"#,
            .editor
        ),
        (.get, "/api/v1/audit", "", .admin),
    ]

    @Test(arguments: apiCases)
    func apiRoles(method: HTTPMethod, path: String, body: String, needed: Role) throws {
        let fixture = try AccessDashboard()
        let anonymous = fixture.send(method, path, body: body, headers: ["Content-Type": "application/json"])
        #expect(anonymous.status == .unauthorized)
        #expect(anonymous.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        for role in Role.allCases {
            let status = fixture.send(method, path, as: role, body: body).status
            if role.includes(needed) {
                #expect(
                    status != .unauthorized && status != .forbidden, "\(role) refused on \(method) \(path)")
            } else {
                #expect(status == .forbidden, "\(role) let into \(method) \(path): \(status.code)")
            }
        }
    }

    /// (page, role needed).
    static let pageCases: [(String, Role)] = [
        ("/", .viewer), ("/categories", .viewer), ("/notifications", .viewer),
        ("/notifications/new", .viewer),
        ("/account", .viewer), ("/categories/new", .editor), ("/users", .admin), ("/tokens", .admin),
        ("/audit", .admin),
    ]

    @Test(arguments: pageCases)
    func pageRoles(path: String, needed: Role) throws {
        let fixture = try AccessDashboard()
        let anonymous = fixture.send(.get, path)
        #expect(anonymous.status == .seeOther)
        #expect(anonymous.headers["Location"]?.hasPrefix("/login?next=") == true)
        for role in Role.allCases {
            let session = try #require(try fixture.logIn(role.rawValue + "-user"))
            let status = fixture.send(.get, path, headers: ["Cookie": session.cookie]).status
            #expect(
                status == (role.includes(needed) ? .ok : .forbidden), "\(role) on \(path): \(status.code)")
        }
    }

    @Test func editorsSavePagesViewersDoNot() throws {
        let fixture = try AccessDashboard()
        let editor = try #require(try fixture.logIn("editor-user"))
        let viewer = try #require(try fixture.logIn("viewer-user"))
        let form =
            "identifier=shop&actions%5B0%5D%5Bidentifier%5D=buy&actions%5B0%5D%5Btitle%5D=Buy&intent=save"
        #expect(fixture.send(.post, "/categories/new", in: viewer, form: form).status == .forbidden)
        #expect(fixture.send(.post, "/categories/new", in: editor, form: form).status == .seeOther)
    }

    @Test func onlyHealthStaticFilesAndLoginAreOpen() throws {
        let fixture = try AccessDashboard()
        #expect(fixture.send(.get, "/healthz").status == .ok)
        #expect(fixture.send(.get, "/static/pushboard.css").status == .ok)
        #expect(fixture.send(.get, "/login").status == .ok)
        #expect(fixture.send(.get, "/readyz").status == .ok)
        #expect(fixture.send(.get, "/preview/geometry.css").status == .ok)
        #expect(fixture.send(.get, "/static/fonts/Inter-Regular-3.019.woff2").status == .ok)
        for route in fixture.dashboard.routeTable where route.method == .get {
            let path = route.pattern.replacingOccurrences(of: "{id}", with: "x")
                .replacingOccurrences(of: "{identifier}", with: "x").replacingOccurrences(
                    of: "{name}", with: "x")
            guard !["/healthz", "/readyz", "/login", "/preview/geometry.css"].contains(path) else { continue }
            let status = fixture.send(.get, path).status
            #expect(
                status == .unauthorized || status == .seeOther,
                "\(path) answered \(status.code) without login")
        }
        #expect(fixture.send(.get, "/no/such/page").status == .seeOther, "404s need login too")
    }
}

/// The roles are declared where each route is registered; the builder keeps them with it.
@Suite struct DashboardRoutesTests {
    @Test func theRoleOfEachRouteIsTheOneItWasRegisteredWith() throws {
        var routes = DashboardRoutes()
        routes.get("/open", .anyone) { _, _ in Response(status: .ok) }
        routes.post("/items/{id}", .editor) { _, _ in Response(status: .ok) }
        routes.delete("/items/{id}", .admin) { _, _ in Response(status: .ok) }
        let (router, roles) = try routes.build { error, _ in APIError.response(error) }
        var declared: [String: RouteAccess] = [:]
        for route in router.routeTable {
            declared["\(route.method.rawValue) \(route.pattern)"] = roles.declared(for: route)
        }
        #expect(
            declared == ["GET /open": .anyone, "POST /items/{id}": .editor, "DELETE /items/{id}": .admin])
        let request = Request(method: .head, target: "/open", remoteAddress: "127.0.0.1")
        #expect(roles.needed(for: router.matchedRoute(for: request)) == .anyone)
        #expect(roles.needed(for: nil) == .viewer, "a path no route answers needs a login")
    }

    @Test func aRouteGivenTwiceIsRefusedEvenWithAnotherRole() {
        var routes = DashboardRoutes()
        routes.get("/users", .admin) { _, _ in Response(status: .ok) }
        routes.get("/users", .viewer) { _, _ in Response(status: .ok) }
        #expect(throws: RouterBuildError.self) { try routes.build { error, _ in APIError.response(error) } }
    }
}
