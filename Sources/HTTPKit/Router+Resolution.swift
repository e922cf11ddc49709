extension Router {
    /// Where one request goes, found once: the metrics label, the role check and the router
    /// itself all read it, where each used to scan the route table again (three scans, with the
    /// string comparisons of every pattern, per request).
    ///
    /// `resolved(_:)` stores it in the request (`Request.routing`); every lookup of this router
    /// then uses it instead of scanning, and a resolution some other router made is ignored.
    /// Immutable, and a class so that the request carries one reference: the request is copied
    /// on its way through the middlewares, and a value this size copied with it cost more than
    /// the scan it saves.
    public final class Resolution: Sendable {
        /// What answers.
        enum Target: Sendable {
            /// The target is faulty: answer this 400.
            case badTarget(HTTPError)
            /// The mount at this position, for a method it serves.
            case mount(Int)
            /// The mount at this position, for a method it does not serve (405).
            case mountRefusingMethod(Int)
            /// The handler at `position` of the entry at `entry`, with the captured parameters.
            case route(entry: Int, position: Int, parameters: RouteParameters)
            /// Patterns match but none for this method: 405 listing these.
            case methodNotAllowed([HTTPMethod])
            /// Nothing matches: 404.
            case notFound
        }

        /// The router that made it.
        let owner: ObjectIdentifier
        /// What answers.
        let target: Target
        /// The pattern of the first route whose pattern matches the path (whatever its methods),
        /// or of the mount as `/static/*`: the metrics label; nil for paths no route or mount
        /// covers and for faulty targets.
        public let pattern: String?
        /// The route that answers (a `HEAD` finds its `GET` route); nil for mounts, 404, 405 and
        /// faulty targets.
        public let route: RouteDescription?
        /// The position of `route` in `routeTable`, for tables about routes kept as arrays.
        public let routeIndex: Int?

        /// Whether the path is under a mount (static files) rather than for the routes (a faulty
        /// target under a mount included: the router refuses it with 400 all the same).
        public let isMounted: Bool

        init(
            owner: ObjectIdentifier, target: Target, pattern: String?, route: RouteDescription?,
            routeIndex: Int?, isMounted: Bool
        ) {
            self.owner = owner
            self.target = target
            self.pattern = pattern
            self.route = route
            self.routeIndex = routeIndex
            self.isMounted = isMounted
        }
    }

    /// `request` with its resolution by this router stored in `routing`, so the lookups made
    /// before the handler runs and the router's own run share one scan.
    public func resolved(_ request: Request) -> Request {
        var request = request
        request.routing = resolution(of: request)
        return request
    }

    /// The resolution stored in `request` when this router made it; otherwise a new one.
    public func resolution(of request: Request) -> Resolution {
        if let routing = request.routing, routing.owner == ObjectIdentifier(identity) { return routing }
        return resolve(request)
    }

    /// Scans the mounts, then the routes in order, exactly as the router answers: mounts first
    /// (on the raw path), then the first pattern with a handler for the method (`HEAD` finding
    /// `GET`), collecting the methods of patterns that match without one for the 405. Only the
    /// patterns with as many segments as the path can match it, so only those are compared.
    private func resolve(_ request: Request) -> Resolution {
        let owner = ObjectIdentifier(identity)
        if let index = mounts.firstIndex(where: { request.path.hasPrefix($0.prefix) }) {
            let mount = mounts[index]
            let target: Resolution.Target =
                if let targetError = request.targetError {
                    .badTarget(targetError)
                } else if mount.methods.contains(request.method) {
                    .mount(index)
                } else {
                    .mountRefusingMethod(index)
                }
            return Resolution(
                owner: owner, target: target, pattern: mount.label, route: nil, routeIndex: nil,
                isMounted: true)
        }
        if let targetError = request.targetError {
            return Resolution(
                owner: owner, target: .badTarget(targetError), pattern: nil, route: nil, routeIndex: nil,
                isMounted: false)
        }
        var label: String?
        var allowed: [HTTPMethod] = []
        let length = request.pathComponents.count
        let candidates = length < entriesBySegmentCount.count ? entriesBySegmentCount[length] : []
        for index in candidates {
            // Compared without capturing first: most candidates differ in a literal segment.
            guard entries[index].pattern.matches(request.pathComponents),
                let parameters = entries[index].pattern.match(request.pathComponents)
            else { continue }
            let entry = entries[index]
            label = label ?? entry.pattern.description
            let found =
                entry.handler(for: request.method).map { ($0, request.method) }
                ?? (request.method == .head ? entry.handler(for: .get).map { ($0, HTTPMethod.get) } : nil)
            if let ((_, routeIndex), method) = found {
                return Resolution(
                    owner: owner,
                    target: .route(
                        entry: index, position: routeIndex - entry.firstRouteIndex, parameters: parameters),
                    pattern: label,
                    route: RouteDescription(method: method, pattern: entry.pattern.description),
                    routeIndex: routeIndex, isMounted: false)
            }
            allowed.append(contentsOf: entry.handlers.map(\.method))
        }
        return Resolution(
            owner: owner, target: allowed.isEmpty ? .notFound : .methodNotAllowed(allowed), pattern: label,
            route: nil, routeIndex: nil, isMounted: false)
    }
}
