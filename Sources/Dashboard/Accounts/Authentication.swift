import Access
import Foundation
import HTTPKit
import Storage
import Templates

/// The authentication step of the chain: finds who the client is (a bearer token or the session
/// cookie), checks the role the route needs (`RouteRoles`, declared where the route is
/// registered) and the session's CSRF token, then lets the request on with `authenticatedActor`
/// set, or answers 401/403 itself.
///
/// Bound to loopback with no users, nothing is checked (one person on their own machine) and
/// every page says so. That is decided per request, so adding the first user with the CLI
/// closes the dashboard at once.
struct Authentication: Middleware {
    /// Users, sessions and tokens.
    let access: AccessControl
    /// Where changes and token use are recorded.
    let audit: AuditTrail
    /// For finding the route a request goes to before it runs.
    let router: Router
    /// The access each route needs, by its position in the router's table.
    let roles: [RouteAccess]
    /// True when the server listens on loopback only: no users then means no login.
    let openWithoutUsers: Bool
    /// For the strip every page shows (who is signed in, or that there is no login); read per
    /// HTML page, so `serve --resources` picks up an edited template.
    let pages: PageRenderer

    /// Lets the request on as its principal, or refuses it: 401 (`unauthenticated`), 403
    /// (`forbidden-role`, `csrf`), or a browser's page request sent to the login page.
    func respond(to request: Request, next: (Request) -> Response) throws(HTTPError) -> Response {
        do {
            // Only this step sets the actor; a request that arrives with one is not believed.
            // (Copied only then: every request passes here.)
            guard request.authenticatedActor != nil else { return try authenticated(request, next: next) }
            var cleared = request
            cleared.authenticatedActor = nil
            return try authenticated(cleared, next: next)
        } catch let error as HTTPError {
            throw error
        } catch let error as any HTTPErrorConvertible {
            throw error.httpError
        } catch {
            throw HTTPError(.internalServerError)
        }
    }

    /// Whether any user exists. When the database cannot say (PostgreSQL unreachable), a route
    /// open to anyone (`/healthz`, `/readyz`) is answered as in open mode, without a principal,
    /// so a load balancer reads the route's own answer (`/readyz`'s failed `database` check);
    /// every other route gets the error (503 `busy`).
    private func hasUsers(answering needed: RouteAccess) throws -> Bool {
        do {
            return try access.hasUsers()
        } catch {
            if case .anyone = needed { return false }
            throw error
        }
    }

    private func authenticated(_ request: Request, next: (Request) -> Response) throws -> Response {
        let resolution = router.resolution(of: request)
        if resolution.isMounted { return next(request) }
        // No route matched: `viewer`, so the 404s do not tell a stranger which addresses exist.
        let needed = resolution.routeIndex.map { roles[$0] } ?? .viewer
        if openWithoutUsers, try !hasUsers(answering: needed) {
            let response = try auditedResponse(request, needed: needed, next: next)
            return PageDecoration(principal: nil, pages: pages).apply(to: response)
        }
        let principal = try identify(request)
        if case .anyone = needed {
            guard let principal else { return next(request) }
            let response = Self.rendering(for: principal) { next(request) }
            return PageDecoration(principal: principal, pages: pages).apply(to: response)
        }
        guard let principal else { return try refuseUnauthenticated(request) }
        if case .role(let role) = needed, !principal.role.includes(role) {
            throw HTTPError(
                .forbiddenRole,
                message:
                    "This needs the \(role.rawValue) role; \(principal.name) is \(principal.role.rawValue).")
        }
        if !Self.isSafe(request.method),
            !AccessControl.isValidCSRFToken(Self.csrfToken(in: request), for: principal)
        {
            throw HTTPError(
                .csrf,
                message: "The form or call lacked this session's CSRF token; reload the page and try again.")
        }
        var request = request
        request.authenticatedActor = principal.actor
        let response = try Self.rendering(for: principal) {
            try auditedResponse(request, needed: needed, next: next)
        }
        return PageDecoration(principal: principal, pages: pages).apply(to: response)
    }

    /// `body` with the page values of `principal`'s session bound: its CSRF token, and whether its
    /// role may change nothing.
    private static func rendering(for principal: Principal, _ body: () throws -> Response) rethrows
        -> Response
    {
        try PageSession.$csrfToken.withValue(principal.csrfToken) {
            try PageSession.$readOnly.withValue(!principal.role.includes(.editor)) {
                try PageSession.$admin.withValue(principal.role.includes(.admin), operation: body)
            }
        }
    }

    /// `GET`, `HEAD` and `OPTIONS`, which change nothing and so need no CSRF token (compared
    /// directly: hashing the method's text cost more, on every request).
    static func isSafe(_ method: HTTPMethod) -> Bool {
        method == .get || method == .head || method == .options
    }

    /// The principal the request proves, nil when it proves none. A request that sends a bearer
    /// token is judged by the token alone; a bad token is never rescued by a cookie.
    private func identify(_ request: Request) throws -> Principal? {
        if let authorization = request.headers["Authorization"], BearerToken.isBearer(authorization) {
            switch try access.check(authorization: authorization) {
            case .valid(let principal, let recordedUse):
                if recordedUse {
                    audit.note(
                        actor: principal.actor, action: "token.used", object: request.path,
                        client: request.remoteAddress)
                }
                return principal
            case .invalid:
                return nil
            }
        }
        guard let cookie = request.headers["Cookie"],
            let secret = SessionCookie.secret(inCookieHeader: cookie)
        else { return nil }
        return try access.principal(forSession: secret)
    }

    /// 401 for the API and for anything a script sent; a page in a browser goes to the login
    /// page, which brings the person back afterwards.
    private func refuseUnauthenticated(_ request: Request) throws(HTTPError) -> Response {
        let isAPI = request.path.hasPrefix("/api/") || request.headers["Authorization"] != nil
        if !isAPI, request.method == .get || request.method == .head {
            return Response(redirectTo: "/login?next=" + LoginPages.encodedNext(request.target))
        }
        throw HTTPError(
            .unauthenticated, message: "Log in, or send an API token as \"Authorization: Bearer …\".",
            headers: ["WWW-Authenticate": "Bearer realm=\"pushboard\""])
    }

    /// The CSRF token a request sent: the header for JSON calls, the form field for forms, in
    /// either encoding a browser posts (an upload form, as on /settings and /activities, is
    /// `multipart/form-data`; its hidden field was not read, so those forms failed with login).
    private static func csrfToken(in request: Request) -> String? {
        request.headers[PageSession.csrfHeader] ?? request.postedField(PageSession.csrfField)
    }
}
