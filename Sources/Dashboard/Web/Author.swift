import HTTPKit

/// Who made a change, for revisions: the authenticated user or token when authentication is in
/// force (then nothing the client sends counts), otherwise the `X-Pushboard-User` header when a
/// client names itself, otherwise the client's address, so history always says something true.
enum Author {
    static let maximumLength = 100

    /// The name recorded as having made the request's change.
    static func name(of request: Request) -> String {
        if let actor = request.authenticatedActor { return actor }
        if let user = request.headers["X-Pushboard-User"], !user.isEmpty {
            return String(user.prefix(maximumLength))
        }
        return request.remoteAddress.isEmpty ? "anonymous" : request.remoteAddress
    }
}
