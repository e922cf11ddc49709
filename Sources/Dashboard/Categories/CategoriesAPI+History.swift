import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage

/// A category's revisions, restoring one, and the deleted categories, for the API (the same as
/// the category history pages).
extension CategoriesAPI {
    /// Adds the history routes.
    func registerHistory(in router: inout DashboardRoutes) {
        // Every revision, or with `limit`/`offset` one page at a time, with the paging fields
        // of `ListWindow.setPaging` (additions).
        router.get("/api/v1/categories/{identifier}/revisions", .viewer) { request, parameters in
            let identifier = try parameters.require("identifier")
            let window = try ListWindow.history(request)
            let page = try catalog.store.revisions(of: identifier, limit: window.limit, offset: window.offset)
            guard page.total > 0 else { throw Self.neverExisted(identifier) }
            let items = page.withPrevious.map { revision, previous in
                let changes = CategoryRevisionChanges(from: previous?.json, to: revision.json).changes
                return Self.value(of: revision, changes: changes.map(\.label))
            }
            var object = JSONObjectBuilder()
            object.set("revisions", JSONValue.list(items))
            window.setPaging(
                in: &object, total: page.total,
                path: "/api/v1/categories/\(PercentEncoding.encoded(identifier))/revisions")
            return APIResponse.json(object.value)
        }
        router.post("/api/v1/categories/{identifier}/revisions/{revision}/restore", .editor) {
            request, parameters in
            let identifier = try parameters.require("identifier")
            let number = try RevisionNumber.require(parameters)
            guard
                let json = try catalog.store.revisions(of: identifier).first(where: { $0.revision == number }
                )?.json,
                let category = NotificationCategory.read(Array(json.utf8)).category
            else {
                throw HTTPError(
                    .notFound, message: "Category \"\(identifier)\" has no saved revision \(number).")
            }
            // Through the catalog, so the restore is checked across the registry like any write.
            do {
                try catalog.auditedPut(
                    category, by: Author.name(of: request), action: "categories.restore",
                    detail: "revision \(number)")
            } catch RegistryRefusal.invalid(let problems) {
                throw CategoryProblem(diagnostics: problems)
            }
            return APIResponse.json(category.jsonValue)
        }
        router.get("/api/v1/trash/categories", .viewer) { _, _ in
            let items = try catalog.store.deletedCategories().map { Self.value(of: $0, changes: nil) }
            return APIResponse.json(JSONObjectBuilder().setting("categories", JSONValue.list(items)).value)
        }
    }

    /// One revision: identifier, revision, the category (null for a deletion), who and when.
    private static func value(of revision: CategoryRevision, changes: [String]?) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("identifier", revision.identifier)
        object.set("revision", revision.revision)
        object.set("category", revision.json.flatMap { JSONReader().read($0).root?.value } ?? .null)
        object.set("updatedAt", revision.changedAt)
        object.set("updatedBy", revision.changedBy)
        if let changes {
            object.set("changes", .list(changes.map(JSONValue.string)))
        }
        return object.value
    }

    private static func neverExisted(_ identifier: String) -> HTTPError {
        HTTPError(.notFound, message: "No category was ever saved as \"\(identifier)\".")
    }
}
