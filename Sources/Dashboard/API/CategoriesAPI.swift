import HTTPKit
import NotificationKit
import Storage

/// `/api/v1/categories`: the registry an app and the server share (CONTRACT §5).
///
/// Every write is checked as a whole config first (duplicate or case-colliding identifiers,
/// empty titles, …): a config with an error is answered 422 with its diagnostics and nothing is
/// stored.
struct CategoriesAPI: Sendable {
    let store: CategoryStore

    /// Adds the category routes.
    func register(in router: inout RouterBuilder) {
        router.get("/api/v1/categories") { request, _ in
            let format = try QueryOptions.choice(
                "format", in: request, allowed: ["json", "swift"], fallback: "json")
            let config = try store.config()
            if format == "swift" {
                return Response(text: config.swiftRegistrationCode())
            }
            return APIResponse.json(config.jsonValue)
        }
        router.put("/api/v1/categories") { request, _ in
            try CategoryProblem.answering { try replaceAll(request) }
        }
        router.put("/api/v1/categories/{identifier}") { request, parameters in
            let identifier = try parameters.require("identifier")
            return try CategoryProblem.answering { try put(request, identifier: identifier) }
        }
        router.delete("/api/v1/categories/{identifier}") { request, parameters in
            let identifier = try parameters.require("identifier")
            guard try store.delete(identifier, by: Author.name(of: request)) else {
                throw HTTPError(
                    .notFound, message: "No category has the identifier \"\(identifier)\".", code: "not-found"
                )
            }
            return Response(status: .noContent)
        }
        registerHistory(in: &router)
    }

    private func replaceAll(_ request: Request) throws -> Response {
        _ = try JSONRequestBody(request)
        let (config, diagnostics) = CategoryConfig.read(request.body)
        guard let config, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw CategoryProblem(diagnostics: diagnostics)
        }
        if try QueryOptions.flag("dryRun", in: request) == true {
            let plan = RegistryImportPlan(current: try store.config(), incoming: config)
            return APIResponse.json(JSONObjectBuilder().setting("dryRun", plan.jsonValue).value)
        }
        let documents = config.categories.map(\.storedDocument)
        guard case .replaced = try store.replaceAll(with: documents, by: Author.name(of: request)) else {
            throw HTTPError(.conflict, message: "The registry changed during the write; try again.")
        }
        return APIResponse.json(config.jsonValue)
    }

    private func put(_ request: Request, identifier: String) throws -> Response {
        _ = try JSONRequestBody(request)
        let (category, diagnostics) = NotificationCategory.read(request.body)
        guard let category, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw CategoryProblem(diagnostics: diagnostics)
        }
        guard category.identifier.utf8.elementsEqual(identifier.utf8) else {
            throw CategoryProblem(
                message:
                    "The body's identifier \"\(category.identifier)\" differs from the address's \"\(identifier)\".",
                diagnostics: [])
        }
        var config = try store.config()
        if let index = config.categories.firstIndex(where: {
            $0.identifier.utf8.elementsEqual(identifier.utf8)
        }) {
            config.categories[index] = category
        } else {
            config.categories.append(category)
        }
        let problems = config.problems().filter { $0.severity == .error }
        guard problems.isEmpty else { throw CategoryProblem(diagnostics: problems) }
        switch try store.put(category.storedDocument, by: Author.name(of: request)) {
        case .created:
            var response = APIResponse.json(category.jsonValue, status: .created)
            response.headers.replaceOrAdd(
                name: "Location", value: "/api/v1/categories/" + CategoryPages.percentEncoded(identifier))
            return response
        case .replaced: return APIResponse.json(category.jsonValue)
        }
    }
}
