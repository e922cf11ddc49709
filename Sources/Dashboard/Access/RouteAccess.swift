import Access
import HTTPKit

/// What a route needs from whoever calls it.
enum RouteAccess: Sendable, Equatable {
    /// Anyone, logged in or not: the health and readiness checks, the login page and the
    /// preview's generated stylesheet (static like the files under `/static/`).
    case anyone
    /// At least this role.
    case role(Role)
}

/// The role every route needs, in one table, by method and pattern as the router lists them.
///
/// A test walks the router and fails on any route missing here, so a new route cannot slip in
/// without a decision. At run time a route missing here needs `admin` (fail closed), and a path
/// no route answers needs `viewer`, so the 404s do not tell a stranger which addresses exist.
enum RouteRoles {
    static let table: [String: RouteAccess] = {
        var table: [String: RouteAccess] = [
            "GET /healthz": .anyone,
            "GET /readyz": .anyone,
            "GET /preview/geometry.css": .anyone,
            "GET /login": .anyone,
            "POST /login": .anyone,
            "POST /logout": .role(.viewer),
        ]
        let viewer = [
            "GET /", "GET /api/v1/openapi.json",
            "GET /categories", "GET /categories/download/config.json",
            "GET /categories/download/Categories.swift", "GET /categories/{identifier}",
            "GET /notifications", "GET /notifications/new", "GET /notifications/{id}",
            "POST /notifications/live",
            "GET /notifications/{id}/export.json", "GET /notifications/{id}/export.apns",
            "POST /notifications/new/export.json", "POST /notifications/new/export.apns",
            "POST /notifications/{id}/export.json", "POST /notifications/{id}/export.apns",
            "POST /api/v1/validate", "POST /api/v1/preview", "POST /api/v1/export",
            "GET /api/v1/categories", "GET /api/v1/categories/{identifier}",
            "GET /api/v1/notifications", "GET /api/v1/notifications/{id}",
            "GET /api/v1/notifications/{id}/revisions",
            "GET /metrics", "GET /media/{digest}", "POST /api/v1/media-check",
            "GET /api/v1/activities", "GET /api/v1/activities/{name}",
            "GET /api/v1/activities/{name}/revisions",
            "GET /docs/validation-rules", "GET /settings/icon.png",
            "GET /notifications/trash", "GET /notifications/{id}/revisions/{revision}",
            "GET /categories/{identifier}/history", "GET /categories/{identifier}/history/{revision}",
            "GET /api/v1/trash/notifications", "GET /api/v1/trash/categories",
            "GET /api/v1/notifications/{id}/revisions/{revision}",
            "GET /api/v1/categories/{identifier}/revisions",
        ]
        let editor = [
            "GET /categories/new", "POST /categories", "POST /categories/new",
            "POST /categories/{identifier}", "POST /categories/{identifier}/delete",
            "POST /notifications/new", "POST /notifications/{id}",
            "PUT /api/v1/categories", "PUT /api/v1/categories/{identifier}",
            "DELETE /api/v1/categories/{identifier}",
            "POST /api/v1/notifications", "PUT /api/v1/notifications/{id}",
            "DELETE /api/v1/notifications/{id}",
            "PUT /api/v1/activities/{name}", "DELETE /api/v1/activities/{name}",
            "POST /notifications/{id}/duplicate", "POST /notifications/{id}/delete",
            "POST /notifications/{id}/revisions/{revision}/restore",
            "POST /notifications/trash/{id}/restore", "GET /notifications/trash/{id}/purge",
            "POST /notifications/trash/{id}/purge",
            "POST /categories/{identifier}/history/{revision}/restore",
            "POST /api/v1/notifications/{id}/revisions/{revision}/restore",
            "POST /api/v1/categories/{identifier}/revisions/{revision}/restore",
            "POST /api/v1/trash/notifications/{id}/restore", "DELETE /api/v1/trash/notifications/{id}",
        ]
        let admin = [
            "GET /users", "POST /users", "POST /users/{name}/delete", "POST /users/{name}/role",
            "GET /tokens", "POST /tokens", "POST /tokens/{name}/revoke",
            "GET /audit", "GET /api/v1/audit",
            "GET /settings", "POST /settings", "GET /api/v1/settings", "PUT /api/v1/settings",
            "PUT /api/v1/settings/icon", "DELETE /api/v1/settings/icon",
        ]
        for route in viewer { table[route] = .role(.viewer) }
        for route in editor { table[route] = .role(.editor) }
        for route in admin { table[route] = .role(.admin) }
        return table
    }()

    /// What `route` needs; nil when the table forgot it.
    static func declared(for route: Router.RouteDescription) -> RouteAccess? {
        table["\(route.method.rawValue) \(route.pattern)"]
    }

    /// What a request to `route` (nil: no route matched) needs at run time.
    static func needed(for route: Router.RouteDescription?) -> RouteAccess {
        guard let route else { return .role(.viewer) }
        return declared(for: route) ?? .role(.admin)
    }
}
