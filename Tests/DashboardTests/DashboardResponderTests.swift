import HTTPKit
import Testing

@testable import Dashboard

/// Behaviour every answer shares: security headers, the origin check, error shapes.
@Suite struct DashboardResponderTests {
    @Test(arguments: ["/", "/healthz", "/api/v1/notifications", "/no/such/page", "/static/pushboard.css"])
    func everyAnswerCarriesTheSecurityHeaders(path: String) throws {
        let response = try DashboardFixture().send(.get, path)
        let policy = try #require(response.headers["Content-Security-Policy"])
        #expect(policy.contains("script-src 'self'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(policy.contains("frame-ancestors 'self'"))
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Referrer-Policy"] == "same-origin")
    }

    @Test func crossSiteWritesAreRefusedAndChangeNothing() throws {
        let fixture = try DashboardFixture()
        let body = #"{"name":"x","payload":{"aps":{}}}"#
        let refused = fixture.send(
            .post, "/api/v1/notifications", body: body,
            headers: [
                "Host": "127.0.0.1:8080", "Origin": "https://evil.example",
                "Content-Type": "application/json",
            ])
        #expect(refused.status == .forbidden)
        #expect(DashboardFixture.text(refused).contains(#""code":"cross-origin""#))
        let sameSite = fixture.send(
            .post, "/api/v1/notifications", body: body,
            headers: [
                "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080",
                "Content-Type": "application/json",
            ])
        #expect(sameSite.status == .created)
        let list = DashboardFixture.text(fixture.send(.get, "/api/v1/notifications"))
        #expect(list.components(separatedBy: #""id""#).count == 2)
    }

    @Test func apiErrorsAreJSONAndPageErrorsAreHTML() throws {
        let fixture = try DashboardFixture()
        let api = fixture.send(.get, "/api/v1/notifications/nope")
        #expect(api.status == .notFound)
        #expect(api.headers["Content-Type"] == "application/json")
        #expect(DashboardFixture.text(api).hasPrefix(#"{"error":{"code":"not-found""#))
        let page = fixture.send(.get, "/nope/%3Cscript%3E")
        #expect(page.status == .notFound)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(!DashboardFixture.text(page).contains("<script>"))
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let response = try DashboardFixture().send(.delete, "/api/v1/categories")
        #expect(response.status == .methodNotAllowed)
        let allow = try #require(response.headers["Allow"])
        #expect(allow.contains("GET") && allow.contains("PUT"))
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/xml"])
    func nonJSONBodiesAre415(contentType: String) throws {
        let response = try DashboardFixture().send(
            .post, "/api/v1/validate", body: "{}", headers: ["Content-Type": contentType])
        #expect(response.status == .unsupportedMediaType)
    }

    @Test func deepNestingIsADiagnosticNotACrash() throws {
        let body = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let response = try DashboardFixture().send(.post, "/api/v1/validate", body: body)
        #expect(response.status == .unprocessableContent)
        #expect(DashboardFixture.text(response).contains("json.too-deep"))
    }
}

/// DNS rebinding: a page on a hostile name re-pointed at 127.0.0.1 sends its own name as Host.
@Suite struct HostPolicyTests {
    @Test(arguments: [
        "127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "10.0.0.5", "pushboard.internal",
    ])
    func knownHostsAreAnswered(host: String) throws {
        let fixture = try DashboardFixture(allowedHosts: ["pushboard.internal"])
        #expect(fixture.send(.get, "/api/v1/notifications", headers: ["Host": host]).status == .ok)
    }

    @Test(arguments: ["rebind.attacker.example:8080", "127.0.0.1.nip.io", "localhost.evil", "[zz]"])
    func otherHostsGet421AndChangeNothing(host: String) throws {
        let fixture = try DashboardFixture(allowedHosts: ["pushboard.internal"])
        let read = fixture.send(.get, "/api/v1/notifications", headers: ["Host": host])
        #expect(read.status.code == 421)
        #expect(DashboardFixture.text(read).contains(#""code":"unknown-host""#))
        let write = fixture.send(
            .post, "/api/v1/notifications", body: #"{"name":"x","payload":{"aps":{}}}"#,
            headers: ["Host": host, "Origin": "http://" + host, "Content-Type": "application/json"])
        #expect(write.status.code == 421)
        #expect(
            DashboardFixture.text(fixture.send(.get, "/api/v1/notifications"))
                == #"{"notifications":[],"total":0,"limit":100,"offset":0}"#)
    }
}
