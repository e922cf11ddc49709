import HTTPKit

/// Refuses state-changing requests that a browser sent on behalf of another site.
///
/// Pipelines and curl send no `Origin`, so they pass; a browser always sends one on a
/// cross-origin POST/PUT/DELETE, and it must name this server (`Host`) for the write to happen.
/// `Sec-Fetch-Site: cross-site` is refused too, for browsers that send it without `Origin`.
struct OriginPolicy: Middleware {

    /// Refuses a cross-site write with 403.
    func respond(to request: Request, next: (Request) -> Response) throws(HTTPError) -> Response {
        if let refusal = Self.refusal(for: request) { throw refusal }
        return next(request)
    }

    /// The 403 to answer with, or nil when the request may go on.
    static func refusal(for request: Request) -> HTTPError? {
        // Compared directly: hashing the method's text cost more, on every request.
        let method = request.method
        guard method != .get, method != .head, method != .options else { return nil }
        if request.headers["Sec-Fetch-Site"]?.lowercased() == "cross-site" {
            return forbidden
        }
        guard let origin = request.headers["Origin"] else { return nil }
        guard let host = request.headers["Host"], origin == "http://" + host || origin == "https://" + host
        else { return forbidden }
        return nil
    }

    private static let forbidden = HTTPError(
        .crossOrigin,
        message:
            "This request came from another site (its Origin is not this dashboard), so nothing was changed.")
}
