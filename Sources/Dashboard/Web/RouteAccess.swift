import Access
import HTTPKit

/// What a route needs from whoever calls it, declared where the route is registered
/// (`DashboardRoutes`).
enum RouteAccess: Sendable, Equatable {
    /// Anyone, logged in or not: the health and readiness checks, the login page and the
    /// preview's generated stylesheet (static like the files under `/static/`).
    case anyone
    /// At least this role.
    case role(Role)

    /// Read, validate, preview, export: every signed-in user.
    static let viewer = RouteAccess.role(.viewer)
    /// Change categories, notifications and Live Activity types.
    static let editor = RouteAccess.role(.editor)
    /// Users, tokens, settings and the audit trail.
    static let admin = RouteAccess.role(.admin)
}

/// The access every route needs, collected by `DashboardRoutes` as the routes are registered, so
/// a route and its role are written on one line and cannot drift apart.
///
/// At run time a route missing here needs `admin` (fail closed; only a route added to the
/// router some other way could be missing, and a test walks the router for that), and a path no
/// route answers needs `viewer`, so the 404s do not tell a stranger which addresses exist.
struct RouteRoles: Sendable {
    /// Keyed by the router's own route value, so a request's lookup builds no text.
    private var table: [Router.RouteDescription: RouteAccess] = [:]

    /// Every declaration, as `METHOD pattern` (the router's spelling).
    var declarations: [String: RouteAccess] {
        Dictionary(
            uniqueKeysWithValues: table.map { ("\($0.key.method.rawValue) \($0.key.pattern)", $0.value) })
    }

    /// Records what `method` on `pattern` needs (a second declaration is refused by the router's
    /// build, which refuses the route given twice).
    mutating func declare(_ method: HTTPMethod, _ pattern: String, _ access: RouteAccess) {
        table[Router.RouteDescription(method: method, pattern: pattern)] = access
    }

    /// What `route` needs; nil when nothing declared it.
    func declared(for route: Router.RouteDescription) -> RouteAccess? {
        table[route]
    }

    /// What a request to `route` (nil: no route matched) needs at run time.
    func needed(for route: Router.RouteDescription?) -> RouteAccess {
        guard let route else { return .viewer }
        return declared(for: route) ?? .admin
    }

    /// What each route of `router` needs at run time, by its position in `routeTable`
    /// (`Router.Resolution.routeIndex`): looked up per request without hashing the pattern.
    func byRouteIndex(of router: Router) -> [RouteAccess] {
        router.routeTable.map { needed(for: $0) }
    }
}
