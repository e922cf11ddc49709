import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage
import Templates

/// The category list: the registry table, the two downloads, and the import form.
extension CategoryPages {
    /// `GET /categories`, with the flash of the change that led here.
    func listPage(_ request: Request) throws -> Response {
        var flash: [TemplateValue] = []
        if let deleted = request.queryItems["deleted"] {
            flash.append(["kind": "success", "text": .string("Deleted the category \"\(deleted)\".")])
        }
        if let imported = request.queryItems["imported"].flatMap({ Int($0) }) {
            let noun = imported == 1 ? "category" : "categories"
            flash.append([
                "kind": "success",
                "text": .string("Imported \(imported) \(noun); the registry was replaced."),
            ])
        }
        return try listPage(flash: flash)
    }

    /// `POST /categories`: replaces the whole registry with a pasted config, after the same
    /// checks as `PUT /api/v1/categories`. A config with errors comes back (422) with its
    /// diagnostics and the text as pasted; nothing is stored.
    ///
    /// The first post only shows what would change (a dry run: adds, changes, removes) with a
    /// confirmation button; the registry is replaced when that button posts the same text at the
    /// same registry revision (otherwise the new plan is shown).
    func importConfig(_ request: Request) throws -> Response {
        let form = try request.urlEncodedForm()
        let text = form["config"] ?? ""
        guard !text.allSatisfy(\.isWhitespace) else {
            let empty = Diagnostic(
                CategoryDiagnosticCode.missingField, path: JSONPath.root,
                message: "Paste a category config: a JSON object with a \"categories\" array.")
            return try listPage(importText: text, diagnostics: [empty], status: .unprocessableContent)
        }
        let (config, diagnostics) = CategoryConfig.read(Array(text.utf8))
        guard let config, !diagnostics.contains(where: { $0.severity == .error }) else {
            return try listPage(importText: text, diagnostics: diagnostics, status: .unprocessableContent)
        }
        let snapshot = try catalog.snapshot()
        let plan = RegistryImportPlan(current: snapshot.config, incoming: config)
        // A confirmation counts only for the very text its dry run showed.
        guard let confirmed = form["confirmRevision"].flatMap({ Int($0) }), form["plannedConfig"] == text
        else {
            return try listPage(importText: text, plan: (plan, snapshot.revision))
        }
        do {
            try catalog.replaceAll(with: config, expectedRevision: confirmed, by: Author.name(of: request))
        } catch RegistryRefusal.invalid(let problems) {
            return try listPage(importText: text, diagnostics: problems, status: .unprocessableContent)
        } catch RegistryRefusal.stale {
            let note = "The registry changed since the dry run, so nothing was replaced. Check the new plan."
            return try listPage(
                importText: text, plan: (plan, snapshot.revision), status: .conflict, planNote: note)
        }
        return Response(redirectTo: "/categories?imported=\(config.categories.count)")
    }

    /// `GET /categories/download/config.json`: the registry as the config file of CONTRACT §5.
    func downloadConfig() throws -> Response {
        let config = try catalog.snapshot().config
        return Self.download(config.prettyJSON(), type: "application/json", filename: "categories.json")
    }

    /// `GET /categories/download/Categories.swift`: the Swift code that registers the categories.
    func downloadSwiftCode() throws -> Response {
        let config = try catalog.snapshot().config
        return Self.download(
            config.swiftRegistrationCode(), type: "text/plain; charset=utf-8", filename: "Categories.swift")
    }

    private static func download(_ text: String, type: String, filename: String) -> Response {
        Response(
            headers: ["Content-Type": type, "Content-Disposition": "attachment; filename=\"\(filename)\""],
            body: Array(text.utf8))
    }

    private func listPage(
        importText: String = "", diagnostics: [Diagnostic] = [], plan: (RegistryImportPlan, Int)? = nil,
        status: HTTPStatus = .ok, flash: [TemplateValue] = [], planNote: String = ""
    ) throws -> Response {
        let snapshot = try catalog.snapshot()
        let rows: [TemplateValue] = snapshot.stored.categories.map { row in
            let category = snapshot.category(row.identifier)
            let options = CategoryOption.allCases.filter { category?.options.contains($0) ?? false }
            return [
                "identifier": .string(row.identifier), "href": .string(Self.address(of: row.identifier)),
                "actionCount": .int(category?.actions.count ?? 0),
                "options": .list(options.map { .string($0.rawValue) }),
                "updatedAt": .string(row.updatedAt), "updatedAtText": .string(Self.shortTime(row.updatedAt)),
                "updatedBy": .string(row.updatedBy),
            ]
        }
        let problems = snapshot.problems
        let unreadable = snapshot.unreadable
        let values: [String: TemplateValue] = [
            "unreadable": .list(
                unreadable.map { document -> TemplateValue in
                    [
                        "identifier": .string(document.identifier), "revision": .int(document.revision),
                        "reason": .string(document.reason),
                    ]
                }),
            "hasUnreadable": .bool(!unreadable.isEmpty),
            "flash": .list(flash),
            "categories": .list(rows), "hasCategories": .bool(!rows.isEmpty),
            "registryDiagnostics": .list(problems.map(Self.value)),
            "hasRegistryDiagnostics": .bool(!problems.isEmpty),
            "importText": .string(importText),
            "importDiagnostics": .list(diagnostics.map(Self.value)),
            "importInvalid": .bool(!diagnostics.isEmpty),
            "plan": plan.map { Self.planValue($0.0, revision: $0.1, note: planNote) } ?? .bool(false),
            "deleted": .list(
                try store.categories.deletedCategories().map { revision in
                    [
                        "identifier": .string(revision.identifier),
                        "history": .string(Self.address(of: revision.identifier) + "/history"),
                        "when": .string(Self.shortTime(revision.changedAt)),
                        "by": .string(revision.changedBy),
                    ]
                }),
        ]
        var response = try pages.page(
            "categories/list", title: "Categories", section: .categories, values: values)
        response.status = status
        return response
    }

    /// `plan`: `{summary, revision, note, empty, unchanged, adds: [{identifier, actions}],
    /// changes: [{identifier, details: [{label, before, after}]}], removes: [identifier]}`.
    private static func planValue(_ plan: RegistryImportPlan, revision: Int, note: String) -> TemplateValue {
        let adds = zip(plan.added, plan.addedActionTitles).map { identifier, titles -> TemplateValue in
            let actions = titles.isEmpty ? "no actions" : titles.map { "“\($0)”" }.joined(separator: ", ")
            return ["identifier": .string(identifier), "actions": .string(actions)]
        }
        let changes = zip(plan.changed, plan.changeDetails).map { identifier, details -> TemplateValue in
            let rows = details.map { change -> TemplateValue in
                [
                    "label": .string(change.label),
                    "before": .string(change.before.isEmpty ? "none" : change.before),
                    "after": .string(change.after.isEmpty ? "none" : change.after),
                ]
            }
            return ["identifier": .string(identifier), "details": .list(rows)]
        }
        return [
            "summary": .string(plan.summary), "revision": .int(revision), "note": .string(note),
            "empty": .bool(plan.isEmpty), "unchanged": .int(plan.unchangedCount),
            "adds": .list(adds), "changes": .list(changes),
            "removes": .list(plan.removed.map(TemplateValue.string)),
        ]
    }

    private static func value(_ diagnostic: Diagnostic) -> TemplateValue {
        let place = diagnostic.line.map { "line \($0), column \(diagnostic.column ?? 1)" } ?? ""
        return [
            "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code),
            "path": .string(diagnostic.path), "place": .string(place), "message": .string(diagnostic.message),
        ]
    }

    /// `2026-11-29T21:54:26.123Z` as `2026-11-29 21:54 UTC`; other text as it is.
    private static func shortTime(_ stamp: String) -> String {
        guard stamp.count >= 16, stamp.hasSuffix("Z") else { return stamp }
        return stamp.prefix(10) + " " + stamp.dropFirst(11).prefix(5) + " UTC"
    }
}
