import Access
import Foundation
import HTTPKit
import Storage
import Templates

/// `/login` and `/logout`: the only pages a stranger can reach.
///
/// Failed logins cost the attacker, not the disk: a client's first failure of a minute is
/// audited in full, the rest of the minute only counted (`LoginFailureLog`, whose summary the
/// upkeep writes), and every attempt is counted in `/metrics`. A successful login sets the
/// device cookie too, so strangers' failures cannot lock this browser out of the account.
struct LoginPages: Sendable {
    let access: AccessControl
    let audit: AuditTrail
    let failures: LoginFailureLog
    let pages: PageRenderer
    let secureCookies: Bool

    /// Adds the routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/login", .anyone) { request, _ in
            try page(next: Self.safeNext(request.queryItems["next"]), name: "", error: nil, status: .ok)
        }
        router.post("/login", .anyone) { request, _ in try logIn(request) }
        router.post("/logout", .viewer) { request, _ in try logOut(request) }
    }

    private func logIn(_ request: Request) throws -> Response {
        let form = try request.urlEncodedForm()
        let name = String((form["name"] ?? "").prefix(64))
        let next = Self.safeNext(form["next"])
        let client = request.remoteAddress
        let device = request.headers["Cookie"].flatMap(access.device(inCookieHeader:))
        let result = try access.logIn(
            name: name, password: form["password"] ?? "", client: client, device: device)
        switch result {
        case .success(let secret, let principal, let device):
            audit.metrics.recordLogin("success")
            try audit.record(
                actor: principal.actor, action: "login", object: "user:" + name, client: client,
                changeMade: false)
            var response = Response(redirectTo: next)
            // The session cookie last: scripts that keep one Set-Cookie per name keep the last.
            response.headers.add(name: "Set-Cookie", value: device.setCookie(secure: secureCookies))
            response.headers.add(
                name: "Set-Cookie", value: SessionCookie.setCookie(secret, secure: secureCookies))
            return response
        case .refused:
            audit.metrics.recordLogin("refused")
            try failed(name: name, client: client, slowed: false)
            return try page(
                next: next, name: name, error: "The name or the password is wrong.", status: .unauthorized)
        case .slowed(let seconds):
            audit.metrics.recordLogin("slowed")
            try failed(name: name, client: client, slowed: true)
            var response = try page(
                next: next, name: name,
                error: "Too many failed attempts; wait \(seconds) seconds and try again.",
                status: .tooManyRequests)
            response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds))
            return response
        }
    }

    /// Audits a failed attempt within the per-address bound: in full when it is the address's
    /// first of the minute, naming an account that does not exist only by a keyed hash.
    private func failed(name: String, client: String, slowed: Bool) throws {
        let (inFull, summary) = failures.failure(from: client, slowed: slowed, now: Date())
        if let summary { audit.note(summary) }
        guard inFull else { return }
        let subject = try access.auditName(forAttempted: name)
        audit.note(actor: subject, action: "login.failed", object: "user:" + subject, client: client)
    }

    private func logOut(_ request: Request) throws -> Response {
        if let cookie = request.headers["Cookie"], let secret = SessionCookie.secret(inCookieHeader: cookie) {
            try access.logOut(session: secret)
            try audit.record(
                actor: request.authenticatedActor ?? "", action: "logout", object: "session",
                client: request.remoteAddress)
        }
        var response = Response(redirectTo: "/login")
        response.headers.add(name: "Set-Cookie", value: SessionCookie.clearCookie(secure: secureCookies))
        return response
    }

    private func page(next: String, name: String, error: String?, status: HTTPStatus) throws -> Response {
        var values: [String: TemplateValue] = ["next": .string(next), "name": .string(name)]
        if let error { values["error"] = .string(error) }
        var response = try pages.page("access/login", title: "Log in", section: .none, values: values)
        response.status = status
        return response
    }

    /// Where to go after login: a path on this server only (`/x`, never `//evil` or a URL), so
    /// the login page cannot be used to send people elsewhere.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
            next.utf8.count <= 2048, !next.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" })
        else { return "/" }
        return next
    }

    /// `target` encoded for the `next` query parameter.
    static func encodedNext(_ target: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return target.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/"
    }
}
