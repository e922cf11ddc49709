import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage
import Templates

/// `/activities`: the app's Live Activity types in the browser, which the API and the command
/// line already manage: each imported `ActivityAttributes` type with its attributes and
/// content-state fields, an import form that takes the app's Swift source (or a JSON Schema)
/// pasted or as a file, and Delete. Plain form posts, so it works without JavaScript. Anyone who
/// may read sees the list; importing and deleting need an editor, as on the API.
struct ActivityPages: Sendable {
    /// The types: written through it, listed from its snapshot.
    let catalog: ActivityCatalog
    /// Renders the page.
    let pages: PageRenderer

    /// Adds the page and its two form posts.
    func register(in router: inout DashboardRoutes) {
        router.get("/activities", .viewer) { request, _ in
            try page(flash: Self.flash(request.queryItems), entered: "", diagnostics: [], status: .ok)
        }
        router.post("/activities", .editor) { request, _ in try importTypes(request) }
        router.post("/activities/{name}/delete", .editor) { request, parameters in
            let name = try parameters.require("name")
            guard try catalog.auditedDelete(name, by: Author.name(of: request)) else {
                throw HTTPError(.notFound, message: "No Live Activity type is named \"\(name)\".")
            }
            return Response(redirectTo: "/activities?deleted=" + PercentEncoding.encoded(name))
        }
    }

    /// Imports every type the posted source declares; a source with errors stores nothing and
    /// comes back with its findings, the text kept.
    private func importTypes(_ request: Request) throws -> Response {
        let form = try request.multipartForm(repeatable: ["file"])
        let files = ActivityImportFiles.fromForm(form)
        let entered = String(decoding: form["source"]?.body ?? [], as: UTF8.self)
        guard !files.isEmpty else {
            return try page(
                flash: [Self.message("error", "Paste the Swift source or choose files: nothing was sent.")],
                entered: entered, diagnostics: [], status: .unprocessableContent)
        }
        // Chosen files and pasted text import together, so a type in one resolves from another.
        let imported = ActivityTypeImport(files: files)
        // A source without an `ActivityAttributes` struct does not succeed: the import says so.
        guard imported.succeeded, !imported.types.isEmpty else {
            return try page(
                flash: [Self.message("error", "The source has errors; nothing was imported.")],
                entered: entered,
                diagnostics: imported.diagnostics, status: .unprocessableContent)
        }
        let author = Author.name(of: request)
        do {
            // Each type is read back before it is stored; the first that would not be stops here.
            for type in imported.types {
                try catalog.auditedPut(type, source: imported.sourceText, format: imported.format, by: author)
            }
        } catch RegistryRefusal.invalid(let diagnostics) {
            return try page(
                flash: [
                    Self.message("error", "A type would not read back once stored; it was not imported.")
                ],
                entered: entered, diagnostics: diagnostics, status: .unprocessableContent)
        }
        return Response(
            redirectTo: "/activities?imported="
                + PercentEncoding.encoded(imported.types.map(\.name).joined(separator: ", ")))
    }

    private func page(
        flash: [TemplateValue], entered: String, diagnostics: [Diagnostic], status: HTTPStatus
    ) throws -> Response {
        let snapshot = try catalog.snapshot()
        let rows: [TemplateValue] = snapshot.stored.types.map { stored in
            let type = snapshot.types.type(named: stored.document.name)
            return [
                "name": .string(stored.document.name),
                "deleteAddress": .string(
                    "/activities/" + PercentEncoding.encoded(stored.document.name) + "/delete"),
                "attributes": .list((type?.attributes.fields ?? []).map(Self.fieldValue)),
                "contentState": .list((type?.contentState.fields ?? []).map(Self.fieldValue)),
                "source": .string(stored.document.sourceKind == .swift ? "Swift source" : "JSON Schema"),
                "revision": .int(stored.revision),
                "when": .string(Timestamp.readable(stored.updatedAt)), "by": .string(stored.updatedBy),
            ]
        }
        let values: [String: TemplateValue] = [
            "types": .list(rows), "any": .bool(!rows.isEmpty), "entered": .string(entered),
            "invalid": .bool(!diagnostics.isEmpty),
            "diagnostics": .list(diagnostics.map(Self.diagnosticValue)),
            "flash": .list(flash),
            "unreadable": .list(
                snapshot.unreadable.map { type -> TemplateValue in
                    [
                        "name": .string(type.name), "revision": .int(type.revision),
                        "reason": .string(type.reason),
                    ]
                }),
            "hasUnreadable": .bool(!snapshot.unreadable.isEmpty),
        ]
        var response = try pages.page(
            "activities/list", title: "Live Activity types", section: .activities, values: values)
        response.status = status
        return response
    }

    /// "Imported DeliveryAttributes." or "Deleted …." after a redirect, from its query. Only
    /// type names are echoed, so a link cannot make the page say something else.
    private static func flash(_ items: FormFields) -> [TemplateValue] {
        if let names = items["imported"], names.split(separator: ", ").allSatisfy(isTypeName) {
            return [message("success", "Imported \(names).")]
        }
        if let name = items["deleted"], isTypeName(name[...]) {
            return [message("success", "Deleted \(name).")]
        }
        return []
    }

    /// Whether `text` could be a Swift type name: letters, digits and `_`, at most 128.
    private static func isTypeName(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 128 && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    private static func message(_ kind: String, _ text: String) -> TemplateValue {
        ["kind": .string(kind), "text": .string(text)]
    }

    /// `key: Type` of one field, as the app declares it.
    private static func fieldValue(_ field: ActivityField) -> TemplateValue {
        ["key": .string(field.key), "type": .string(field.type.swiftName)]
    }

    /// A finding of the import, whose message already names its line (`line 4: …`).
    private static func diagnosticValue(_ diagnostic: Diagnostic) -> TemplateValue {
        ["severity": .string(diagnostic.severity.rawValue), "message": .string(diagnostic.message)]
    }
}
