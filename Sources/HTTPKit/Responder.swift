/// Anything that answers requests: the router, the dashboard, a test double. Handlers are synchronous
/// and run on the server's worker threads, so a responder must be `Sendable`.
public protocol Responder: Sendable {
    /// Answers one request. Never throws: failures are already responses here.
    func respond(to request: Request) -> Response

    /// Answers a request the server refused before it reached `respond(to:)` (413 for a body over the
    /// limit), so those errors look like the responder's own.
    /// `request.body` is empty there.
    func respond(to error: HTTPError, for request: Request) -> Response
}

extension Responder {
    /// Plain text, for responders that have no error pages of their own.
    public func respond(to error: HTTPError, for request: Request) -> Response {
        Response(plainTextError: error)
    }
}
