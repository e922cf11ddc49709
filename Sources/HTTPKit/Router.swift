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
        var handlers: [HTTPMethod: RouterBuilder.Handler]
    }

    struct MountEntry: Sendable {
        let prefix: String
        let methods: [HTTPMethod]
        let handler: RouterBuilder.Handler
    }

    let entries: [Entry]
    let mounts: [MountEntry]
    private let renderError: ErrorRenderer
    private let finish: Finisher
    private let logError: ErrorLog

    init(
        entries: [Entry], mounts: [MountEntry], renderError: @escaping ErrorRenderer,
        finish: @escaping Finisher, logError: @escaping ErrorLog = Router.logToStandardError
    ) {
        self.entries = entries
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

    private func route(_ request: Request) -> Response {
        if let targetError = request.targetError {
            return render(targetError, for: request)
        }
        if let mount = mounts.first(where: { request.path.hasPrefix($0.prefix) }) {
            guard mount.methods.contains(request.method) else {
                return render(Self.methodNotAllowed(mount.methods), for: request)
            }
            return run(mount.handler, request, RouteParameters())
        }
        var allowed: [HTTPMethod] = []
        for entry in entries {
            guard let parameters = entry.pattern.match(request.pathComponents) else { continue }
            if let handler = entry.handlers[request.method] {
                return run(handler, request, parameters)
            }
            if request.method == .head, let handler = entry.handlers[.get] {
                return run(handler, request, parameters)
            }
            allowed.append(contentsOf: entry.handlers.keys)
        }
        guard allowed.isEmpty else {
            return render(Self.methodNotAllowed(allowed), for: request)
        }
        return render(.notFound(), for: request)
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
