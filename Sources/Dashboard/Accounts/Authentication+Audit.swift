import HTTPKit

extension Authentication {
    /// Runs `next` with a collector for the changes its handler names (`AuditedChanges`), then
    /// records each one when the request is answered below 400: a named action
    /// (`settings.update`, `categories.replace`, `notifications.create`, …) on its object with
    /// what changed. A read-only post (a preview, an export, a dry run, a redirect) names none
    /// and so records nothing. The actor is the authenticated user or token, or, where no
    /// authentication is in force, what `Author` finds. Admin pages and logins record their own
    /// events. A change the trail cannot record is answered 503 `audit.failed` (saying that
    /// the change was made), never dropped silently.
    func auditedResponse(
        _ request: Request, needed: RouteAccess, next: (Request) -> Response
    ) throws(HTTPError) -> Response {
        // A GET, HEAD or OPTIONS changes nothing, and neither does a route open to viewers
        // (validate, preview, export: RouteAccess.viewer), so they need no collector: binding
        // one cost every page, health check and preview 1–3 % of its instructions
        // (bench/request-instructions.sh).
        if Self.isSafe(request.method) || needed == .anyone || needed == .viewer { return next(request) }
        let changes = AuditedChanges()
        let response = AuditedChanges.$current.withValue(changes) { next(request) }
        guard response.status.code < 400 else { return response }
        for change in changes.all {
            try audit.record(
                actor: request.authenticatedActor ?? Author.name(of: request), action: change.action,
                object: change.object, detail: change.detail, client: request.remoteAddress)
        }
        return response
    }
}
