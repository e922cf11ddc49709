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

extension Router {
    /// The pattern of the route (or mount, as `/static/*`) that answers `request`, without
    /// running it: a label for metrics that stays one value per route, whatever the path
    /// parameters, and is `nil` for paths no route or mount covers.
    public func routePattern(for request: Request) -> String? {
        if let mount = mounts.first(where: { request.path.hasPrefix($0.prefix) }) {
            return mount.prefix + "*"
        }
        guard request.targetError == nil else { return nil }
        return entries.first { $0.pattern.match(request.pathComponents) != nil }?.pattern.description
    }
}
