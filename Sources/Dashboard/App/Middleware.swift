import HTTPKit

/// One step of the dashboard's chain: it may answer by itself (a refusal) or pass the request,
/// possibly changed, to `next` and adjust what comes back.
///
/// (Issue 9 turns the host, origin and security-header checks into such steps; authentication
/// is written as one already.)
protocol Middleware: Sendable {
    /// Answers `request`, calling `next` for the rest of the chain when it lets the request on.
    func respond(to request: Request, next: (Request) -> Response) -> Response
}
