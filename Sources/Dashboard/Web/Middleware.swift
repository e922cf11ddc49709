import HTTPKit

/// One step every request passes on its way to the router: a check that may refuse it (host,
/// origin, authentication) or a change to every answer (security headers).
///
/// One method, so adding a step is one small type and one entry in `Dashboard`'s list. A step
/// refuses by throwing the `HTTPError` to answer with (it is rendered in the request's own style,
/// page or JSON, and still passes the steps outside it); it passes the request on by calling `next`.
protocol Middleware: Sendable {
    /// Answers `request`, calling `next` to pass it (or a changed copy) on.
    func respond(to request: Request, next: (Request) -> Response) throws(HTTPError) -> Response
}

/// Middlewares in order, outermost first, in front of one responder. Built once at start.
struct MiddlewareChain: Sendable {
    /// The steps, outermost first.
    let middlewares: [any Middleware]
    /// How a refusal becomes a response (the dashboard's error page or JSON error).
    let render: @Sendable (HTTPError, Request) -> Response

    /// Passes `request` through every step, then to `endpoint`.
    func respond(to request: Request, endpoint: (Request) -> Response) -> Response {
        respond(to: request, from: 0, endpoint: endpoint)
    }

    private func respond(to request: Request, from index: Int, endpoint: (Request) -> Response) -> Response {
        guard index < middlewares.count else { return endpoint(request) }
        do {
            return try middlewares[index].respond(to: request) {
                respond(to: $0, from: index + 1, endpoint: endpoint)
            }
        } catch {
            return render(error, request)
        }
    }
}
