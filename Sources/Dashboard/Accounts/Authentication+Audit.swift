import HTTPKit

extension Authentication {
    /// Records a change that went through: a state-changing request to an editor route
    /// (categories, notifications) answered below 400. The actor is the authenticated user or
    /// token, or, where no authentication is in force, what `Author` finds. Admin routes and
    /// logins record their own, more precise, events. A change the trail cannot record is
    /// answered 503 `audit.failed` (saying that the change was made), never dropped silently.
    func auditChange(_ request: Request, needed: RouteAccess, response: Response) throws(HTTPError) {
        guard needed == .role(.editor), !Self.unchangingMethods.contains(request.method),
            response.status.code < 400
        else { return }
        let object = response.headers["Location"] ?? request.path
        try audit.record(
            actor: request.authenticatedActor ?? Author.name(of: request), action: request.method.rawValue,
            object: object, detail: String(response.status.code), client: request.remoteAddress)
    }

    private static let unchangingMethods: Set<HTTPMethod> = [.get, .head, .options]
}
