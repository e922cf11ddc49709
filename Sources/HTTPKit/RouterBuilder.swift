/// Collects routes and mounts, then `build` checks them and freezes them into an immutable `Router`.
/// The builder is only used while the program starts; nothing can add a route to a running router.
public struct RouterBuilder {
    /// Handles one matched request; thrown `HTTPError`s (and `HTTPErrorConvertible` errors) become their
    /// status, anything else becomes a 500.
    public typealias Handler = @Sendable (Request, RouteParameters) throws -> Response

    struct Route {
        let method: HTTPMethod
        let pattern: String
        let handler: Handler
    }

    struct Mount {
        let prefix: String
        let methods: [HTTPMethod]
        let handler: Handler
    }

    private var routes: [Route] = []
    private var mounts: [Mount] = []
    /// Where the router records handler failures (the server's log); stderr by default.
    public var errorLog: Router.ErrorLog = Router.logToStandardError

    /// Makes an empty builder.
    public init() {}

    /// Adds a route for `method` on `pattern` (`/items/{id}`: `{name}` captures one decoded segment).
    public mutating func on(_ method: HTTPMethod, _ pattern: String, handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: pattern, handler: handler))
    }

    /// Adds a `GET` route; `HEAD` on the same path is answered by it.
    public mutating func get(_ pattern: String, handler: @escaping Handler) {
        on(.get, pattern, handler: handler)
    }

    /// Adds a `POST` route.
    public mutating func post(_ pattern: String, handler: @escaping Handler) {
        on(.post, pattern, handler: handler)
    }

    /// Adds a `PUT` route.
    public mutating func put(_ pattern: String, handler: @escaping Handler) {
        on(.put, pattern, handler: handler)
    }

    /// Adds a `PATCH` route.
    public mutating func patch(_ pattern: String, handler: @escaping Handler) {
        on(.patch, pattern, handler: handler)
    }

    /// Adds a `DELETE` route.
    public mutating func delete(_ pattern: String, handler: @escaping Handler) {
        on(.delete, pattern, handler: handler)
    }

    /// Sends every request whose raw (still encoded) path starts with `prefix` to `handler`, for
    /// example `/static/` to `StaticFiles.serve(_:)`, which decodes and checks the rest itself. Mounts
    /// are tried before routes; other methods get 405 with `Allow`.
    public mutating func mount(
        _ prefix: String,
        methods: [HTTPMethod] = [.get, .head],
        handler: @escaping @Sendable (Request) throws -> Response
    ) {
        mounts.append(Mount(prefix: prefix, methods: methods) { request, _ in try handler(request) })
    }

    /// Checks the routes and freezes them. `renderError` turns every error (404, 405, thrown errors,
    /// 400 for a faulty target, the server's 413) into a response, so the caller decides between an
    /// HTML page and JSON; the router then adds the error's own headers (`Allow`). `finish` runs last
    /// on every response the router gives, errors included: the place for headers every answer needs
    /// (Content-Security-Policy, `X-Content-Type-Options`, …).
    public func build(
        renderingErrorsWith renderError: @escaping Router.ErrorRenderer = { error, _ in
            Response(plainTextError: error)
        },
        finishingWith finish: @escaping Router.Finisher = { _, _ in }
    ) throws(RouterBuildError) -> Router {
        var entries: [Router.Entry] = []
        var seen: Set<String> = []
        for route in routes {
            let pattern = try RoutePattern(route.pattern)
            guard seen.insert("\(route.method) \(pattern.shape)").inserted else {
                throw RouterBuildError("The route \(route.method) \(route.pattern) is given twice.")
            }
            if let index = entries.firstIndex(where: { $0.pattern == pattern }) {
                entries[index].handlers.append((route.method, route.handler))
            } else {
                entries.append(Router.Entry(pattern: pattern, handlers: [(route.method, route.handler)]))
            }
        }
        for mount in mounts where !mount.prefix.hasPrefix("/") || !mount.prefix.hasSuffix("/") {
            throw RouterBuildError("The mount prefix \"\(mount.prefix)\" must start and end with \"/\".")
        }
        let ordered = Self.stableSorted(entries)
        let frozenMounts = mounts.map {
            Router.MountEntry(prefix: $0.prefix, methods: $0.methods, handler: $0.handler)
        }
        return Router(
            entries: ordered, mounts: frozenMounts, renderError: renderError, finish: finish,
            logError: errorLog)
    }

    /// Insertion sort keeps the order routes were added among equally specific patterns.
    private static func stableSorted(_ entries: [Router.Entry]) -> [Router.Entry] {
        var sorted: [Router.Entry] = []
        for entry in entries {
            let index =
                sorted.firstIndex { entry.pattern.isMoreSpecific(than: $0.pattern) } ?? sorted.endIndex
            sorted.insert(entry, at: index)
        }
        return sorted
    }
}
