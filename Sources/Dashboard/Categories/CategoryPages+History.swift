import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage
import Templates

/// A category's history as pages: every revision with who, when and what changed, any revision
/// with its buttons and JSON against the current one, and restoring one as a new revision (also
/// a deleted category's last version). Links and form posts only, so it works without JavaScript.
extension CategoryPages {
    /// Adds the history routes.
    func registerHistory(in router: inout DashboardRoutes) {
        router.get("/categories/{identifier}/history", .viewer) { request, parameters in
            try historyPage(
                parameters.require("identifier"), window: ListWindow(request),
                restored: request.queryItems["restored"])
        }
        router.get("/categories/{identifier}/history/{revision}", .viewer) { _, parameters in
            try revisionPage(
                parameters.require("identifier"), number: RevisionNumber.requirePage(parameters))
        }
        router.post("/categories/{identifier}/history/{revision}/restore", .editor) { request, parameters in
            let identifier = try parameters.require("identifier")
            let number = try RevisionNumber.requirePage(parameters)
            guard let json = try revisions(identifier).first(where: { $0.revision == number })?.json else {
                throw HTTPError(
                    .notFound, message: "Category \"\(identifier)\" has no saved revision \(number).")
            }
            _ = try store.categories.put(
                CategoryDocument(identifier: identifier, json: json), by: Author.name(of: request))
            AuditedChanges.note(
                "categories.restore", object: Self.address(of: identifier), detail: "revision \(number)")
            return Response(redirectTo: Self.address(of: identifier) + "/history?restored=\(number)")
        }
    }

    private func revisions(_ identifier: String) throws -> [CategoryRevision] {
        let revisions = try store.categories.revisions(of: identifier)
        guard !revisions.isEmpty else { throw Self.noCategory(identifier) }
        return revisions
    }

    /// One `ListWindow` of the history, newest first (a category with 1 000 revisions made a
    /// 361 KB page when it listed them all).
    private func historyPage(_ identifier: String, window: ListWindow, restored: String?) throws -> Response {
        let page = try store.categories.revisions(of: identifier, limit: window.limit, offset: window.offset)
        guard page.total > 0 else { throw Self.noCategory(identifier) }
        let rows = page.withPrevious.enumerated().map { index, pair -> TemplateValue in
            let (revision, previous) = pair
            let changes = CategoryRevisionChanges(from: previous?.json, to: revision.json).changes
            var changed = changes.map(\.label).joined(separator: ", ")
            if revision.json == nil {
                changed = "deleted"
            } else if previous == nil || previous?.json == nil {
                changed = previous == nil ? "created" : "created again"
            } else if changed.isEmpty {
                changed = "nothing"
            }
            return [
                "revision": .int(revision.revision),
                "when": .string(Timestamp.readable(revision.changedAt)),
                "by": .string(revision.changedBy), "changed": .string(changed),
                "current": .bool(window.offset == 0 && index == 0), "deleted": .bool(revision.json == nil),
                "href": .string(Self.address(of: identifier) + "/history/\(revision.revision)"),
            ]
        }
        var flash: [TemplateValue] = []
        if let restored {
            flash.append([
                "kind": "success", "text": .string("Revision \(restored) restored as a new revision."),
            ])
        }
        let newest =
            window.offset == 0
            ? page.revisions.first
            : try store.categories.revisions(of: identifier, limit: 1, offset: 0).revisions.first
        var values: [String: TemplateValue] = [
            "identifier": .string(identifier), "address": .string(Self.address(of: identifier)),
            "revisions": .list(rows), "deleted": .bool(newest?.json == nil), "flash": .list(flash),
        ]
        values.merge(
            window.paginationValues(shown: page.revisions.count, total: page.total) {
                window.address(Self.address(of: identifier) + "/history", offset: $0)
            }
        ) { _, paging in paging }
        return try pages.page(
            "categories/history", title: "History of \(identifier)", section: .categories, values: values)
    }

    private func revisionPage(_ identifier: String, number: Int) throws -> Response {
        let revisions = try revisions(identifier)
        guard let revision = revisions.first(where: { $0.revision == number }) else {
            throw HTTPError(.notFound, message: "Category \"\(identifier)\" has no revision \(number).")
        }
        let current = revisions.first
        let diff = CategoryRevisionChanges(from: revision.json, to: current?.json).changes
        var preview: TemplateValue = ["any": false, "buttons": .list([])]
        var pretty = ""
        if let json = revision.json, let category = NotificationCategory.read(Array(json.utf8)).category {
            preview = CategoryFormView(form: CategoryForm(category)).buttonPreviewValue()
            pretty = JSONWriter(style: .pretty).string(category.jsonValue)
        }
        let isCurrent = revision.revision == current?.revision
        return try pages.page(
            "categories/revision", title: "Revision \(number) of \(identifier)", section: .categories,
            values: [
                "identifier": .string(identifier), "address": .string(Self.address(of: identifier)),
                "revision": .int(number), "when": .string(Timestamp.readable(revision.changedAt)),
                "by": .string(revision.changedBy), "deleted": .bool(revision.json == nil),
                "isCurrent": .bool(isCurrent), "restorable": .bool(!isCurrent && revision.json != nil),
                "currentRevision": .int(current?.revision ?? number), "json": .string(pretty),
                "buttonPreview": preview, "live": false, "same": .bool(diff.isEmpty),
                "changes": .list(
                    diff.map {
                        [
                            "label": .string($0.label), "before": .string($0.before),
                            "after": .string($0.after),
                        ]
                    }),
            ])
    }
}
