extension Router {
    /// One route of the frozen table, as it was written.
    public struct RouteDescription: Sendable, Hashable {
        /// The method the route answers (`HEAD` is implied by `GET` and not listed).
        public let method: HTTPMethod
        /// The pattern as written, for example `/api/v1/notifications/{id}`.
        public let pattern: String
    }

    /// Every route, so documentation (the OpenAPI document) can be checked against what the
    /// router really answers. Mounts (static files) are not routes and are not listed.
    public var routeTable: [RouteDescription] {
        entries.flatMap { entry in
            entry.handlers.keys.map { RouteDescription(method: $0, pattern: entry.pattern.description) }
        }
    }
}
