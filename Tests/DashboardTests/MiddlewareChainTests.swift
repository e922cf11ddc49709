import HTTPKit
import Testing

@testable import Dashboard

/// The one-method middleware chain in front of the router.
@Suite struct MiddlewareChainTests {
    /// Tags every answer with its name, so the order of the steps is visible.
    struct Tagging: Middleware {
        let name: String
        func respond(to request: Request, next: (Request) -> Response) -> Response {
            var response = next(request)
            response.headers.add(name: "X-Step", value: name)
            return response
        }
    }

    /// Refuses requests to `/private`, as an authentication step would.
    struct Refusing: Middleware {
        func respond(to request: Request, next: (Request) -> Response) throws(HTTPError) -> Response {
            if request.path == "/private" { throw HTTPError(.unauthenticated, message: "Sign in first.") }
            return next(request)
        }
    }

    private static let chain = MiddlewareChain(
        middlewares: [SecurityHeaders(), Tagging(name: "outer"), Refusing(), Tagging(name: "inner")],
        render: { error, _ in Response(plainTextError: error) })

    private static func send(_ path: String) -> Response {
        chain.respond(
            to: Request(method: .get, target: path, headers: [:], body: [], remoteAddress: "127.0.0.1")
        ) {
            _ in Response(text: "ok")
        }
    }

    @Test func stepsRunOutermostFirstAroundTheEndpoint() {
        let response = Self.send("/open")
        #expect(response.status == .ok)
        #expect(response.headers.values(for: "X-Step") == ["inner", "outer"])
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func aRefusalSkipsTheInnerStepsButNotTheOuterOnes() {
        let response = Self.send("/private")
        #expect(response.status == .unauthorized)
        #expect(response.headers.values(for: "X-Step") == ["outer"])
        #expect(response.headers["Content-Security-Policy"] == SecurityHeaders.contentSecurityPolicy)
    }

    @Test func theDashboardRefusesAnUnknownHostWithTheSecurityHeaders() throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(.get, "/healthz", headers: ["Host": "evil.example"])
        #expect(response.status.code == 421)
        #expect(response.headers["X-Frame-Options"] == "SAMEORIGIN")
    }
}
