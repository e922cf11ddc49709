extension Router {
    /// One route of the frozen table, as it was written.
    public struct RouteDescription: Sendable, Hashable {
        /// The method the route answers (`HEAD` is implied by `GET` and not listed).
        public let method: HTTPMethod
        /// The pattern as written, for example `/api/v1/notifications/{id}`.
        public let pattern: String

        /// The route `method` on `pattern` (a key for tables about routes, such as their roles).
        public init(method: HTTPMethod, pattern: String) {
            self.method = method
            self.pattern = pattern
        }
    }

    /// Every route, so documentation (the OpenAPI document) can be checked against what the
    /// router really answers, in a fixed order: a route's position here is its
    /// `Resolution.routeIndex`. Mounts (static files) are not routes and are not listed.
    public var routeTable: [RouteDescription] {
        entries.flatMap { entry in
            entry.handlers.map { RouteDescription(method: $0.method, pattern: entry.pattern.description) }
        }
    }

    /// The route that would answer `request` (a `HEAD` finds its `GET` route), or nil when none
    /// matches its method and path; mounts are not routes. For checks that depend on the route,
    /// made before the handler runs (the role a route needs).
    public func matchedRoute(for request: Request) -> RouteDescription? {
        resolution(of: request).route
    }

    /// Whether `request` goes to a mount (static files) rather than a route.
    public func isMounted(_ request: Request) -> Bool {
        resolution(of: request).isMounted
    }

    /// The pattern of the route (or mount, as `/static/*`) that answers `request`, without
    /// running it: a label for metrics that stays one value per route, whatever the path
    /// parameters, and is `nil` for paths no route or mount covers.
    public func routePattern(for request: Request) -> String? {
        resolution(of: request).pattern
    }
}
