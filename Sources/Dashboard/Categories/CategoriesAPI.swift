import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage

/// `/api/v1/categories`: the registry an app and the server share (CONTRACT §5).
///
/// Every write is checked as a whole config (duplicate or case-colliding identifiers, empty
/// titles, …) inside its transaction: a config with an error is answered 422 with its
/// diagnostics and nothing is stored. The registry and each category carry an `ETag`; a write
/// with `If-Match` changes nothing unless it still matches (412), exactly as for notifications.
/// Without `If-Match` a write is unconditional, as CONTRACT §3 has always allowed.
struct CategoriesAPI: Sendable {
    let catalog: CategoryCatalog

    /// Adds the category routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/api/v1/categories", .viewer) { request, _ in
            let format = try QueryOptions.choice(
                "format", in: request, allowed: ["json", "swift"], fallback: "json")
            let snapshot = try catalog.snapshot()
            var response =
                format == "swift"
                ? Response(text: snapshot.config.swiftRegistrationCode())
                : APIResponse.json(snapshot.config.jsonValue)
            response.headers.replaceOrAdd(name: "ETag", value: IfMatch.etag(snapshot.revision))
            return response
        }
        router.put("/api/v1/categories", .editor) { request, _ in
            try CategoryProblem.answering { try replaceAll(request) }
        }
        router.get("/api/v1/categories/{identifier}", .viewer) { _, parameters in
            let identifier = try parameters.require("identifier")
            let snapshot = try catalog.snapshot()
            guard let row = snapshot.row(identifier), let category = snapshot.category(identifier) else {
                throw Self.notFound(identifier)
            }
            return Self.answer(category, revision: row.revision)
        }
        router.put("/api/v1/categories/{identifier}", .editor) { request, parameters in
            let identifier = try parameters.require("identifier")
            return try CategoryProblem.answering { try put(request, identifier: identifier) }
        }
        router.delete("/api/v1/categories/{identifier}", .editor) { request, parameters in
            let identifier = try parameters.require("identifier")
            let current = try catalog.snapshot().row(identifier)?.revision
            guard current != nil || request.headers["If-Match"] == nil else {
                throw Self.notFound(identifier)
            }
            let expected = try IfMatch.expectedRevision(
                request, current: current, stale: Self.stale(identifier))
            do {
                try catalog.auditedDelete(
                    identifier, expectedRevision: expected, by: Author.name(of: request))
            } catch RegistryRefusal.notFound {
                throw Self.notFound(identifier)
            } catch RegistryRefusal.stale {
                throw Self.stale(identifier)
            }
            return Response(status: .noContent)
        }
        registerHistory(in: &router)
    }

    private func replaceAll(_ request: Request) throws -> Response {
        _ = try JSONRequestBody(request)
        let current = try catalog.snapshot().revision
        let expected = try IfMatch.expectedRevision(request, current: current, stale: Self.staleRegistry)
        let (config, diagnostics) = CategoryConfig.read(request.body)
        guard let config, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw CategoryProblem(diagnostics: diagnostics)
        }
        if try QueryOptions.flag("dryRun", in: request) == true {
            let plan = RegistryImportPlan(current: try catalog.snapshot().config, incoming: config)
            return APIResponse.json(JSONObjectBuilder().setting("dryRun", plan.jsonValue).value)
        }
        do {
            let snapshot = try catalog.auditedReplaceAll(
                with: config, expectedRevision: expected, by: Author.name(of: request))
            var response = APIResponse.json(config.jsonValue)
            response.headers.replaceOrAdd(name: "ETag", value: IfMatch.etag(snapshot.revision))
            return response
        } catch RegistryRefusal.stale {
            throw Self.staleRegistry
        }
    }

    private func put(_ request: Request, identifier: String) throws -> Response {
        _ = try JSONRequestBody(request)
        let current = try catalog.snapshot().row(identifier)?.revision
        let expected = try IfMatch.expectedRevision(request, current: current, stale: Self.stale(identifier))
        let (category, diagnostics) = NotificationCategory.read(request.body)
        guard let category, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw CategoryProblem(diagnostics: diagnostics)
        }
        guard CategoryKey.same(category.identifier, identifier) else {
            throw CategoryProblem(
                message:
                    "The body's identifier \"\(category.identifier)\" differs from the address's \"\(identifier)\".",
                diagnostics: [])
        }
        do {
            switch try catalog.auditedPut(category, expectedRevision: expected, by: Author.name(of: request))
            {
            case .created(let stored, _):
                var response = Self.answer(category, revision: stored.revision, status: .created)
                response.headers.replaceOrAdd(
                    name: "Location", value: "/api/v1/categories/" + PercentEncoding.encoded(identifier))
                return response
            case .replaced(let stored, _): return Self.answer(category, revision: stored.revision)
            }
        } catch RegistryRefusal.stale {
            throw Self.stale(identifier)
        }
    }

    private static func answer(_ category: NotificationCategory, revision: Int, status: HTTPStatus = .ok)
        -> Response
    {
        var response = APIResponse.json(category.jsonValue, status: status)
        response.headers.replaceOrAdd(name: "ETag", value: IfMatch.etag(revision))
        return response
    }

    private static func notFound(_ identifier: String) -> HTTPError {
        HTTPError(.notFound, message: "No category has the identifier \"\(identifier)\".")
    }

    private static func stale(_ identifier: String) -> HTTPError {
        HTTPError(
            .preconditionFailed,
            message:
                "Category \"\(identifier)\" was changed since you read it; nothing was saved. Read it again and reapply your change."
        )
    }

    private static let staleRegistry = HTTPError(
        .preconditionFailed,
        message:
            "The category registry was changed since you read it; nothing was saved. Read it again and reapply your change."
    )
}
