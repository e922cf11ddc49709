import HTTPKit

/// The dashboard's route builder: like `RouterBuilder`, but every route is added together with
/// the access it needs (`routes.get("/users", .admin) { … }`), so no route can be registered
/// without a decision about who may call it. `build` gives the frozen router and the roles.
struct DashboardRoutes {
    private var builder = RouterBuilder()
    private var roles = RouteRoles()

    /// Makes an empty builder.
    init() {}

    /// Where the router records handler failures (the server's log); stderr by default.
    var errorLog: Router.ErrorLog {
        get { builder.errorLog }
        set { builder.errorLog = newValue }
    }

    /// Adds a route for `method` on `pattern`, callable with `access`.
    mutating func on(
        _ method: HTTPMethod, _ pattern: String, _ access: RouteAccess,
        handler: @escaping RouterBuilder.Handler
    ) {
        roles.declare(method, pattern, access)
        builder.on(method, pattern, handler: handler)
    }

    /// Adds a `GET` route (and so `HEAD`), callable with `access`.
    mutating func get(_ pattern: String, _ access: RouteAccess, handler: @escaping RouterBuilder.Handler) {
        on(.get, pattern, access, handler: handler)
    }

    /// Adds a `POST` route, callable with `access`.
    mutating func post(_ pattern: String, _ access: RouteAccess, handler: @escaping RouterBuilder.Handler) {
        on(.post, pattern, access, handler: handler)
    }

    /// Adds a `PUT` route, callable with `access`.
    mutating func put(_ pattern: String, _ access: RouteAccess, handler: @escaping RouterBuilder.Handler) {
        on(.put, pattern, access, handler: handler)
    }

    /// Adds a `DELETE` route, callable with `access`.
    mutating func delete(_ pattern: String, _ access: RouteAccess, handler: @escaping RouterBuilder.Handler) {
        on(.delete, pattern, access, handler: handler)
    }

    /// Mounts static files under `prefix`: open to anyone, like the files of any web site.
    mutating func mount(_ prefix: String, handler: @escaping @Sendable (Request) throws -> Response) {
        builder.mount(prefix, handler: handler)
    }

    /// The frozen router and the access of each of its routes; fails like `RouterBuilder.build`
    /// (a route given twice, whatever its access, is refused there).
    func build(renderingErrorsWith renderError: @escaping Router.ErrorRenderer) throws(RouterBuildError)
        -> (router: Router, roles: RouteRoles)
    {
        (try builder.build(renderingErrorsWith: renderError), roles)
    }
}
