import Foundation

/// The frozen route table: a `Responder` that finds the handler for a request's method and decoded path.
///
/// - 404 when no route matches the path, 405 with `Allow` when one does but not for this method;
/// - `HEAD` is answered by the `GET` route (the server drops the body);
/// - thrown errors go through the error renderer given to `RouterBuilder.build`.
public struct Router: Responder {
    /// Turns an error into the response the client sees.
    public typealias ErrorRenderer = @Sendable (HTTPError, Request) -> Response
    /// Adjusts every response just before it leaves the router (shared headers).
    public typealias Finisher = @Sendable (inout Response, Request) -> Void
    /// Records a handler's failure in full (the client sees only a generic message).
    public typealias ErrorLog = @Sendable (any Error, Request) -> Void

    struct Entry: Sendable {
        let pattern: RoutePattern
        /// The handlers in the order they were added; few per pattern, so a scan comparing two
        /// short method tokens costs less than hashing one.
        var handlers: [(method: HTTPMethod, handler: RouterBuilder.Handler)]
        /// The position in `routeTable` of the first of `handlers`.
        var firstRouteIndex = 0

        /// The handler of `method` and its position in `routeTable`.
        func handler(for method: HTTPMethod) -> (handler: RouterBuilder.Handler, routeIndex: Int)? {
            for position in handlers.indices where handlers[position].method == method {
                return (handlers[position].handler, firstRouteIndex + position)
            }
            return nil
        }
    }

    struct MountEntry: Sendable {
        let prefix: String
        let methods: [HTTPMethod]
        let handler: RouterBuilder.Handler
        /// The metrics label, `/static/*`, made once.
        let label: String

        init(prefix: String, methods: [HTTPMethod], handler: @escaping RouterBuilder.Handler) {
            self.prefix = prefix
            self.methods = methods
            self.handler = handler
            self.label = prefix + "*"
        }
    }

    /// Tells this router's resolutions from another's.
    final class Identity: Sendable {}

    let entries: [Entry]
    /// The positions in `entries` of the patterns with each segment count, in table order: a
    /// path is only compared with the patterns of its own length.
    let entriesBySegmentCount: [[Int]]
    let mounts: [MountEntry]
    let identity = Identity()
    private let renderError: ErrorRenderer
    private let finish: Finisher
    private let logError: ErrorLog

    init(
        entries: [Entry], mounts: [MountEntry], renderError: @escaping ErrorRenderer,
        finish: @escaping Finisher, logError: @escaping ErrorLog = Router.logToStandardError
    ) {
        var numbered = entries
        var next = 0
        for index in numbered.indices {
            numbered[index].firstRouteIndex = next
            next += numbered[index].handlers.count
        }
        self.entries = numbered
        var bySegmentCount = [[Int]](
            repeating: [], count: (entries.map(\.pattern.segments.count).max() ?? 0) + 1)
        for (index, entry) in numbered.enumerated() {
            bySegmentCount[entry.pattern.segments.count].append(index)
        }
        self.entriesBySegmentCount = bySegmentCount
        self.mounts = mounts
        self.renderError = renderError
        self.finish = finish
        self.logError = logError
    }

    /// Routes the request and runs its handler, rendering every failure with the error renderer, then
    /// lets the finisher adjust the response.
    public func respond(to request: Request) -> Response {
        var response = route(request)
        finish(&response, request)
        return response
    }

    /// Renders an error with the builder's renderer, adds the error's own headers (so a renderer cannot
    /// forget `Allow` on a 405), then lets the finisher adjust the response.
    public func respond(to error: HTTPError, for request: Request) -> Response {
        var response = render(error, for: request)
        finish(&response, request)
        return response
    }

    /// Runs what `resolution(of:)` found: the request is routed once, whoever asked first.
    private func route(_ request: Request) -> Response {
        let resolution = resolution(of: request)
        switch resolution.target {
        case .badTarget(let error):
            return render(error, for: request)
        case .mount(let index):
            return run(mounts[index].handler, request, RouteParameters())
        case .mountRefusingMethod(let index):
            return render(Self.methodNotAllowed(mounts[index].methods), for: request)
        case .route(let entry, let position, let parameters):
            return run(entries[entry].handlers[position].handler, request, parameters)
        case .methodNotAllowed(let allowed):
            return render(Self.methodNotAllowed(allowed), for: request)
        case .notFound:
            return render(.notFound(), for: request)
        }
    }

    private func render(_ error: HTTPError, for request: Request) -> Response {
        var response = renderError(error, request)
        for field in error.headers {
            response.headers.replaceOrAdd(name: field.name, value: field.value)
        }
        return response
    }

    private func run(_ handler: RouterBuilder.Handler, _ request: Request, _ parameters: RouteParameters)
        -> Response
    {
        do {
            return try handler(request, parameters)
        } catch let error as any HTTPErrorConvertible {
            let httpError = error.httpError
            if httpError.status.isServerError { logError(error, request) }
            return render(httpError, for: request)
        } catch {
            logError(error, request)
            let failure = HTTPError(.internalServerError, message: "Something went wrong on the server.")
            return render(failure, for: request)
        }
    }

    /// The default error log: the full error goes to stderr only, as it may name files or SQL
    /// the client must not see.
    public static func logToStandardError(_ error: any Error, for request: Request) {
        FileHandle.standardError.write(Data("pushboard: \(request.method) \(request.path): \(error)\n".utf8))
    }

    private static func methodNotAllowed(_ methods: [HTTPMethod]) -> HTTPError {
        var names = Set(methods.map(\.rawValue))
        if names.contains("GET") { names.insert("HEAD") }
        let allow = names.sorted().joined(separator: ", ")
        return HTTPError(
            .methodNotAllowed,
            message: "This address does not accept this method; it accepts \(allow).",
            headers: ["Allow": allow]
        )
    }
}
