import Testing

@testable import HTTPKit

/// `Router.resolved(_:)`: a request is routed once, and the label, the matched route and the
/// router's answer all come from that one resolution.
@Suite struct RouterResolutionTests {
    @Test(
        arguments: [
            ("GET", "/api/v1/notifications/7", "/api/v1/notifications/{id}", "GET", 200),
            ("HEAD", "/api/v1/notifications/7", "/api/v1/notifications/{id}", "GET", 200),
            ("DELETE", "/api/v1/notifications/7", "/api/v1/notifications/{id}", "DELETE", 200),
            ("POST", "/api/v1/notifications/7", "/api/v1/notifications/{id}", nil, 405),
            ("GET", "/static/app.css", "/static/*", nil, 200),
            ("POST", "/static/app.css", "/static/*", nil, 405),
            ("GET", "/nowhere", nil, nil, 404),
            ("GET", "/a%ZZ", nil, nil, 400),
        ] as [(String, String, String?, String?, Int)])
    func oneResolutionServesEveryLookup(
        _ method: String, _ target: String, _ pattern: String?, _ routeMethod: String?, _ status: Int
    ) throws {
        let router = try RouterTests.makeRouter()
        let request = Request(method: HTTPMethod(rawValue: method), target: target)
        let resolved = router.resolved(request)
        let resolution = try #require(resolved.routing)
        #expect(resolution.pattern == pattern)
        #expect(resolution.pattern == router.routePattern(for: request))
        #expect(resolution.route?.method.rawValue == routeMethod)
        #expect(resolution.route == router.matchedRoute(for: request))
        #expect(resolution.isMounted == target.hasPrefix("/static/"))
        if let index = resolution.routeIndex {
            #expect(router.routeTable[index] == resolution.route)
        }
        #expect(router.respond(to: resolved).status.code == status)
        #expect(router.respond(to: request) == router.respond(to: resolved))
    }

    /// A resolution made by another router (another table) is never used to answer.
    @Test func anotherRoutersResolutionIsIgnored() throws {
        var builder = RouterBuilder()
        builder.get("/api/v1/notifications/{id}") { _, _ in Response(text: "other") }
        let other = try builder.build()
        let router = try RouterTests.makeRouter()
        let foreign = other.resolved(Request(method: .get, target: "/api/v1/notifications/7"))
        #expect(String(decoding: router.respond(to: foreign).body, as: UTF8.self) == "get 7")
    }

    /// Every route has one position in the table, in the order the routes were added.
    @Test func routeIndexesCoverTheTableOnce() throws {
        let router = try RouterTests.makeRouter()
        let table = router.routeTable
        #expect(Set(table).count == table.count)
        let deleteRoute = router.resolved(Request(method: .delete, target: "/api/v1/notifications/1"))
        let getRoute = router.resolved(Request(method: .get, target: "/api/v1/notifications/1"))
        #expect(deleteRoute.routing?.routeIndex != getRoute.routing?.routeIndex)
    }
}
