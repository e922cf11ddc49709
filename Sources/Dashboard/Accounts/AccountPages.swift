import Access
import Foundation
import HTTPKit
import Storage
import Templates

/// `/account`: a signed-in user changes their own password. The current password is required
/// (a session left open on a shared screen must not be enough), the new one is typed twice, and
/// every other session of the user ends, so whoever knew the old password is out at once. Only
/// a session has a password to change: API tokens and the open, no-login mode get an
/// explanation instead of the form.
struct AccountPages: Sendable {
    let access: AccessControl
    let audit: AuditTrail
    let pages: PageRenderer

    /// Adds the routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/account", .viewer) { request, _ in
            let ended = request.queryItems["changed"].flatMap { Int($0) }.map { max($0, 0) }
            return try page(session: try signedIn(request), errors: [:], changed: ended, status: .ok)
        }
        router.post("/account/password", .viewer) { request, _ in try changePassword(request) }
    }

    /// The fields of the form, by name; also the keys of the per-field errors.
    private enum Field: String {
        case current, password, confirmation
    }

    private func changePassword(_ request: Request) throws -> Response {
        guard let session = try signedIn(request) else {
            return try page(session: nil, errors: [:], changed: nil, status: .forbidden)
        }
        let form = try request.urlEncodedForm()
        let current = form[Field.current.rawValue] ?? ""
        let password = form[Field.password.rawValue] ?? ""
        var errors: [Field: String] = [:]
        if current.isEmpty { errors[.current] = "Enter your current password." }
        do {
            try AccessError.checkNewPassword(password, confirmation: form[Field.confirmation.rawValue] ?? "")
        } catch .passwordsDiffer {
            errors[.confirmation] = AccessError.passwordsDiffer.description
        } catch {
            errors[.password] = error.description
        }
        guard errors.isEmpty else {
            return try page(session: session, errors: errors, changed: nil, status: .unprocessableContent)
        }
        let name = session.principal.name
        let client = request.remoteAddress
        switch try access.changeOwnPassword(
            name: name, current: current, new: password, session: session.secret, client: client)
        {
        case .changed(let ended):
            try audit.record(
                actor: session.principal.actor, action: "user.password", object: "user:" + name,
                detail: "ended \(ended) other session(s)", client: client)
            return Response(redirectTo: "/account?changed=\(ended)")
        case .wrongPassword:
            audit.note(
                actor: session.principal.actor, action: "user.password.failed", object: "user:" + name,
                client: client)
            return try page(
                session: session, errors: [.current: "The current password is wrong; nothing was changed."],
                changed: nil, status: .unprocessableContent)
        case .slowed(let seconds):
            var response = try page(
                session: session,
                errors: [.current: "Too many wrong passwords; wait \(seconds) seconds and try again."],
                changed: nil, status: .tooManyRequests)
            response.headers.replaceOrAdd(name: "Retry-After", value: String(seconds))
            return response
        }
    }

    /// The session the request was authenticated by, or nil for a token or the open mode.
    private func signedIn(_ request: Request) throws -> (principal: Principal, secret: Secret)? {
        guard let actor = request.authenticatedActor, let cookie = request.headers["Cookie"],
            let secret = SessionCookie.secret(inCookieHeader: cookie),
            let principal = try access.principal(forSession: secret), principal.actor == actor
        else { return nil }
        return (principal, secret)
    }

    private func page(
        session: (principal: Principal, secret: Secret)?, errors: [Field: String], changed: Int?,
        status: HTTPStatus
    ) throws -> Response {
        var values: [String: TemplateValue] = [
            "minimumLength": .int(PasswordHasher.minimumLength),
            "errors": .object(
                Dictionary(uniqueKeysWithValues: errors.map { ($0.key.rawValue, .string($0.value)) })),
            "invalid": .bool(!errors.isEmpty),
        ]
        if let session {
            values["user"] = [
                "name": .string(session.principal.name), "role": .string(session.principal.role.rawValue),
            ]
        }
        if let changed {
            let others = changed == 1 ? "1 other session was" : "\(changed) other sessions were"
            values["flash"] = .list([
                ["kind": "success", "text": .string("Your password was changed; \(others) signed out.")]
            ])
        }
        var response = try pages.page("access/account", title: "Account", section: .none, values: values)
        response.status = status
        return response
    }
}
