import Access
import Foundation
import HTTPKit
import Storage
import Templates

/// The admin's pages: users (`/users`), API tokens (`/tokens`) and the audit trail (`/audit`),
/// plus `GET /api/v1/audit`. Every change is audited here, with the admin as the actor.
struct AdminPages: Sendable {
    let access: AccessControl
    let audit: AuditTrail
    let pages: PageRenderer
    /// The retention and what it last pruned, shown on `/audit`.
    let housekeeping: AccessHousekeeping

    /// Adds the routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/users", .admin) { _, _ in try usersPage(message: nil) }
        router.post("/users", .admin) { request, _ in try addUser(request) }
        router.post("/users/{name}/delete", .admin) { request, parameters in
            let name = try parameters.require("name")
            return try change(request, action: "user.remove", object: "user:" + name) {
                try access.removeUser(name: name)
                return "Removed \(name)."
            }
        }
        router.post("/users/{name}/role", .admin) { request, parameters in
            let name = try parameters.require("name")
            let role = try Self.role(in: request.urlEncodedForm())
            return try change(request, action: "user.role", object: "user:" + name, detail: role.rawValue) {
                try access.setRole(name: name, role: role)
                return "\(name) is now \(role.rawValue)."
            }
        }
        router.post("/users/{name}/password", .admin) { request, parameters in
            let name = try parameters.require("name")
            let form = try request.urlEncodedForm()
            return try change(request, action: "user.password.reset", object: "user:" + name) {
                let password = form["password"] ?? ""
                try AccessError.checkNewPassword(password, confirmation: form["confirmation"] ?? "")
                let ended = try access.setPassword(
                    name: name, password: password, keeping: Self.session(of: request))
                return "Set a new password for \(name); \(ended) session(s) of theirs ended."
            }
        }
        router.get("/tokens", .admin) { _, _ in try tokensPage(created: nil, message: nil) }
        router.post("/tokens", .admin) { request, _ in try createToken(request) }
        router.post("/tokens/{name}/revoke", .admin) { request, parameters in
            let name = try parameters.require("name")
            do {
                try access.revokeToken(name: name)
            } catch let error as AccessError {
                return try tokensPage(created: nil, message: .init(kind: "error", text: error.description))
            }
            try record(request, action: "token.revoke", object: "token:" + name)
            return try tokensPage(created: nil, message: .init(kind: "success", text: "Revoked \(name)."))
        }
        router.get("/audit", .admin) { request, _ in try auditPage(request) }
        router.get("/api/v1/audit", .admin) { request, _ in
            let filter = try AuditQuery.filter(request.queryItems)
            let page = try audit.store.page(filter)
            return APIResponse.json(AuditQuery.json(page.events, total: page.total, filter: filter))
        }
    }

    private struct Message {
        let kind: String
        let text: String
    }

    private func addUser(_ request: Request) throws -> Response {
        let form = try request.urlEncodedForm()
        let name = form["name"] ?? ""
        let role = try Self.role(in: form)
        return try change(request, action: "user.add", object: "user:" + name, detail: role.rawValue) {
            try access.addUser(name: name, role: role, password: form["password"] ?? "")
            return "Added \(name) as \(role.rawValue)."
        }
    }

    private func change(
        _ request: Request, action: String, object: String, detail: String = "", _ body: () throws -> String
    ) throws -> Response {
        let text: String
        do {
            text = try body()
        } catch let error as AccessError {
            var response = try usersPage(message: Message(kind: "error", text: error.description))
            response.status = .unprocessableContent
            return response
        }
        try record(request, action: action, object: object, detail: detail)
        return try usersPage(message: Message(kind: "success", text: text))
    }

    private func record(_ request: Request, action: String, object: String, detail: String = "") throws {
        try audit.record(
            actor: request.authenticatedActor ?? Author.name(of: request), action: action, object: object,
            detail: detail, client: request.remoteAddress)
    }

    private func usersPage(message: Message?) throws -> Response {
        let users: [TemplateValue] = try access.users().map { user in
            [
                "name": .string(user.name), "role": .string(user.role.rawValue),
                "createdAt": PageTime.value(user.createdAt),
                "path": .string(PercentEncoding.encoded(user.name)),
                "roles": Self.roleOptions(selected: user.role),
            ]
        }
        var values: [String: TemplateValue] = [
            "users": .list(users), "roles": Self.roleOptions(selected: .viewer),
        ]
        if let message {
            values["flash"] = .list([["kind": .string(message.kind), "text": .string(message.text)]])
        }
        return try pages.page("access/users", title: "Users", section: .none, values: values)
    }

    private func createToken(_ request: Request) throws -> Response {
        let form = try request.urlEncodedForm()
        let name = form["name"] ?? ""
        let role = try Self.role(in: form)
        var expiry: Date?
        if let days = form["expiresInDays"], !days.isEmpty {
            guard let count = Int(days), (1...3650).contains(count) else {
                return try tokensPage(
                    created: nil,
                    message: Message(
                        kind: "error",
                        text: "Expires in days: a whole number from 1 to 3650, or empty for never."))
            }
            expiry = Date().addingTimeInterval(Double(count) * 86_400)
        }
        let actor = request.authenticatedActor ?? Author.name(of: request)
        let text: String
        do {
            text = try access.createToken(name: name, role: role, expiresAt: expiry, createdBy: actor)
        } catch let error as AccessError {
            return try tokensPage(created: nil, message: Message(kind: "error", text: error.description))
        }
        try record(request, action: "token.create", object: "token:" + name, detail: role.rawValue)
        var response = try tokensPage(created: (name, text), message: nil)
        // The page holds the secret: no cache may keep it.
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }

    private func tokensPage(created: (name: String, text: String)?, message: Message?) throws -> Response {
        let tokens: [TemplateValue] = try access.tokens().map { token in
            var row: [String: TemplateValue] = [
                "name": .string(token.name), "role": .string(token.role.rawValue),
                "createdAt": PageTime.value(token.createdAt), "createdBy": .string(token.createdBy),
                "expiresAt": PageTime.value(token.expiresAt ?? "never"),
                "lastUsedAt": PageTime.value(token.lastUsedAt ?? "never"),
                "path": .string(PercentEncoding.encoded(token.name)),
            ]
            if let revoked = token.revokedAt { row["revokedAt"] = PageTime.value(revoked) }
            return .object(row)
        }
        var values: [String: TemplateValue] = [
            "tokens": .list(tokens), "roles": Self.roleOptions(selected: .viewer),
        ]
        if let created { values["created"] = ["name": .string(created.name), "text": .string(created.text)] }
        if let message {
            values["flash"] = .list([["kind": .string(message.kind), "text": .string(message.text)]])
        }
        return try pages.page("access/tokens", title: "API tokens", section: .none, values: values)
    }

    private func auditPage(_ request: Request) throws -> Response {
        let filter = try AuditQuery.filter(request.queryItems)
        let page = try audit.store.page(filter)
        let events: [TemplateValue] = page.events.map { event in
            [
                "at": PageTime.value(event.at), "actor": .string(event.actor),
                "action": .string(event.action),
                "object": .string(event.object), "detail": .string(event.detail),
                "client": .string(event.client),
            ]
        }
        let next = AuditQuery.nextOffset(filter, total: page.total)
        let previous = filter.offset > 0 ? max(0, filter.offset - filter.limit) : nil
        var values: [String: TemplateValue] = [
            "events": .list(events), "user": .string(filter.actor ?? ""),
            "object": .string(filter.objectPrefix ?? ""),
            "since": .string(filter.since ?? ""), "until": .string(filter.until ?? ""),
            "range": .string(
                page.total == 0 ? "" : "\(filter.offset + 1)–\(filter.offset + events.count) of \(page.total)"
            ),
            "hasNext": .bool(next != nil),
            "nextAddress": .string(next.map { AuditQuery.address("/audit", filter, offset: $0) } ?? ""),
            "hasPrevious": .bool(previous != nil),
            "previousAddress": .string(
                previous.map { AuditQuery.address("/audit", filter, offset: $0) } ?? ""),
            "retentionDays": .int(Int(housekeeping.retention / 86_400)),
        ]
        if let pruning = housekeeping.lastPruning {
            values["pruning"] = [
                "at": PageTime.value(AccessStore.timestamp(pruning.at)),
                "auditEvents": .int(pruning.auditEvents),
                "sessions": .int(pruning.sessions),
            ]
        }
        return try pages.page("access/audit", title: "Audit", section: .none, values: values)
    }

    /// The caller's own session, which a reset of their own password keeps.
    private static func session(of request: Request) -> Secret? {
        request.headers["Cookie"].flatMap(SessionCookie.secret(inCookieHeader:))
    }

    private static func role(in form: FormFields) throws -> Role {
        guard let text = form["role"], let role = Role(rawValue: text) else {
            throw HTTPError(.invalidField, message: "Role: choose admin, editor or viewer.")
        }
        return role
    }

    private static func roleOptions(selected: Role) -> TemplateValue {
        .list(
            Role.allCases.reversed().map {
                ["value": .string($0.rawValue), "selected": .bool($0 == selected)]
            })
    }
}
