import HTTPKit
import JSON
import Localization
import Registry
import Storage
import Templates

/// `/strings`: the app's String Catalog in the browser: every key with its development-language
/// text, its comment, its state in each language and the catalog checks, and an import form
/// that takes `Localizable.xcstrings` as a chosen file or pasted. A file that does not read is
/// refused with the line and column of each problem and nothing changes. Plain form posts, so
/// it works without JavaScript; importing needs an editor, as on the API.
struct StringsPages: Sendable {
    /// The catalog: written through it, listed from its snapshot.
    let registry: StringCatalogRegistry
    /// Renders the page.
    let pages: PageRenderer

    /// Adds the page and its form post.
    func register(in router: inout DashboardRoutes) {
        router.get("/strings", .viewer) { request, _ in
            let imported = request.queryItems["imported"].flatMap { Int($0) }
            let flash = imported.map { [Self.message("success", "Imported \($0) keys.")] } ?? []
            return try page(flash: flash, entered: "", problems: [], status: .ok)
        }
        router.post("/strings", .editor) { request, _ in try importCatalog(request) }
    }

    private func importCatalog(_ request: Request) throws -> Response {
        let form = try request.multipartForm()
        let file = form["file"]?.body ?? []
        let bytes = file.isEmpty ? form["catalog"]?.body ?? [] : file
        let entered = file.isEmpty ? String(decoding: bytes, as: UTF8.self) : ""
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            return try page(
                flash: [Self.message("error", "Choose Localizable.xcstrings or paste it: nothing was sent.")],
                entered: entered, problems: [], status: .unprocessableContent)
        }
        let name = file.isEmpty ? "pasted" : (form["file"]?.filename ?? "Localizable.xcstrings")
        do {
            let catalog = try StringsImport(registry: registry).run(
                bytes, sourceName: name, by: Author.name(of: request))
            return Response(redirectTo: "/strings?imported=\(catalog.entries.count)")
        } catch let error as CatalogReadError {
            return try page(
                flash: [Self.message("error", "The catalog does not read; nothing was imported.")],
                entered: entered, problems: error.problems, status: .unprocessableContent)
        }
    }

    private func page(
        flash: [TemplateValue], entered: String, problems: [CatalogProblem], status: HTTPStatus
    ) throws -> Response {
        let snapshot = try registry.snapshot()
        var values: [String: TemplateValue] = [
            "flash": .list(flash), "entered": .string(entered), "invalid": .bool(!problems.isEmpty),
            "problems": .list(
                problems.map {
                    [
                        "place": .string("line \($0.line), column \($0.column)"),
                        "message": .string($0.message),
                    ]
                }),
            "loaded": .bool(snapshot.catalog != nil),
        ]
        if let catalog = snapshot.catalog, let stored = snapshot.stored {
            values.merge(StringsTable(catalog: catalog).values) { _, new in new }
            values["revision"] = .int(stored.revision)
            values["source"] = .string(stored.sourceName)
            values["when"] = .string(Timestamp.readable(stored.changedAt))
            values["by"] = .string(stored.changedBy)
        }
        var response = try pages.page("strings/list", title: "Strings", section: .strings, values: values)
        response.status = status
        return response
    }

    private static func message(_ kind: String, _ text: String) -> TemplateValue {
        ["kind": .string(kind), "text": .string(text)]
    }
}
