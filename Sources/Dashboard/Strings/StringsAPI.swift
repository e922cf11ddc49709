import HTTPKit
import JSON
import Localization
import Registry

/// `/api/v1/strings`: the app's String Catalog. `GET` answers it as `Localizable.xcstrings`
/// JSON (the value that was imported), `PUT` replaces it with a new revision; a body that does
/// not read is answered 422 with each problem's line and column, and nothing changes.
struct StringsAPI: Sendable {
    /// The catalog: written through it, read from its snapshot.
    let registry: StringCatalogRegistry

    /// Adds the routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/api/v1/strings", .viewer) { _, _ in
            let snapshot = try registry.snapshot()
            guard let stored = snapshot.stored else {
                throw HTTPError(.noStringCatalog, message: "No String Catalog is loaded: PUT one first.")
            }
            var response = Response(json: Array(stored.document.utf8))
            response.headers.add(name: "ETag", value: "\"\(stored.revision)\"")
            return response
        }
        router.put("/api/v1/strings", .editor) { request, _ in try put(request) }
    }

    private func put(_ request: Request) throws -> Response {
        let media = request.mediaType
        guard media == nil || media == "application/json" else {
            throw HTTPError(
                .unsupportedMediaType, message: "Send the Localizable.xcstrings file as application/json.")
        }
        let catalog: StringCatalog
        do {
            catalog = try StringsImport(registry: registry).run(
                request.body, sourceName: "PUT /api/v1/strings", by: Author.name(of: request))
        } catch let error as CatalogReadError {
            return APIError.response(
                HTTPError(
                    .invalidStringCatalog, message: "The String Catalog does not read; nothing was changed."),
                diagnostics: error.diagnostics)
        }
        let revision = try registry.snapshot().revision
        var summary = JSONObjectBuilder()
        summary.set("revision", revision)
        summary.set("sourceLanguage", catalog.sourceLanguage)
        summary.set("keys", catalog.entries.count)
        summary.set("languages", JSONValue.array(catalog.languages.map { JSONNode(.string($0)) }))
        var response = APIResponse.json(summary.value)
        response.headers.add(name: "ETag", value: "\"\(revision)\"")
        return response
    }
}
