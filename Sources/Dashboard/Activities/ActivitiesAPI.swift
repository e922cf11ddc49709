import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage

/// `/api/v1/activities`: the app's Live Activity types, keyed by `ActivityAttributes` name, that
/// Live Activity payloads are checked against (issue 14).
///
/// A type is written with its Swift source (`text/plain` or `text/x-swift`), a JSON Schema
/// (`application/json`), or several Swift files imported together (`multipart/form-data`, or a
/// JSON list of `{name, source}`); either is imported first, and a source with errors is answered 422
/// with its diagnostics and nothing is stored (so is one whose stored form would not read back).
struct ActivitiesAPI: Sendable {
    /// The types: written through it, read as decoded once per revision.
    let catalog: ActivityCatalog

    /// Adds the activity routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/api/v1/activities", .viewer) { _, _ in
            APIResponse.json(try catalog.types().jsonValue)
        }
        router.get("/api/v1/activities/{name}", .viewer) { _, parameters in
            let name = try parameters.require("name")
            guard let type = try catalog.types().type(named: name) else { throw Self.notFound(name) }
            return APIResponse.json(type.schema)
        }
        router.put("/api/v1/activities/{name}", .editor) { request, parameters in
            try put(request, name: try parameters.require("name"))
        }
        router.delete("/api/v1/activities/{name}", .editor) { request, parameters in
            let name = try parameters.require("name")
            guard try catalog.auditedDelete(name, by: Author.name(of: request)) else {
                throw Self.notFound(name)
            }
            return Response(status: .noContent)
        }
        router.get("/api/v1/activities/{name}/revisions", .viewer) { _, parameters in
            let name = try parameters.require("name")
            let revisions = try catalog.store.revisions(of: name)
            guard !revisions.isEmpty else { throw Self.notFound(name) }
            return APIResponse.json(
                .members([
                    "revisions": .list(
                        revisions.map { revision in
                            var entry = JSONObjectBuilder()
                            entry.set("revision", revision.revision)
                            entry.set("deleted", revision.json == nil)
                            entry.set("changedAt", revision.changedAt)
                            entry.set("changedBy", revision.changedBy)
                            return entry.value
                        })
                ]))
        }
    }

    private func put(_ request: Request, name: String) throws -> Response {
        let media = request.mediaType
        guard
            media == nil || media == "application/json" || media == "text/plain" || media == "text/x-swift"
                || media == "multipart/form-data"
        else {
            throw HTTPError(
                .unsupportedMediaType,
                message:
                    "Send Swift source as text/plain (or text/x-swift), a JSON Schema as application/json, or "
                    + "several Swift files as multipart/form-data or a JSON list of {name, source}."
            )
        }
        let imported = ActivityTypeImport(files: try ActivityImportFiles.fromRequest(request))
        guard imported.succeeded else {
            return Self.problem("The source has errors; nothing was changed.", imported.diagnostics)
        }
        guard let type = imported.types.first(where: { $0.name.utf8.elementsEqual(name.utf8) }) else {
            let found = imported.types.map(\.name).joined(separator: ", ")
            return Self.problem("The source declares \(found), not \"\(name)\"; nothing was changed.", [])
        }
        let source = imported.sourceText
        let result: ActivityTypePutResult
        do {
            result = try catalog.auditedPut(
                type, source: source, format: imported.format, by: Author.name(of: request))
        } catch RegistryRefusal.invalid(let diagnostics) {
            return Self.problem("The type would not read back once stored; nothing was changed.", diagnostics)
        }
        switch result {
        case .created: return APIResponse.json(type.schema, status: .created)
        case .replaced: return APIResponse.json(type.schema)
        }
    }

    private static func problem(_ message: String, _ diagnostics: [Diagnostic]) -> Response {
        APIError.response(
            HTTPError(.invalidActivityType, message: message),
            diagnostics: diagnostics)
    }

    private static func notFound(_ name: String) -> HTTPError {
        HTTPError(.notFound, message: "No Live Activity type is named \"\(name)\".")
    }
}
