import HTTPKit
import NotificationKit
import Registry
import Storage
import Templates

/// The category form: show, redisplay ("Add action", "Remove action"), save, rename, delete.
extension CategoryPages {
    /// `GET /categories/{identifier}`: the stored category in the form, with the warnings the
    /// registry has about it and "Saved." after a save.
    func editPage(_ request: Request, identifier: String) throws -> Response {
        let snapshot = try catalog.snapshot()
        guard let category = snapshot.category(identifier) else {
            throw Self.noCategory(identifier)
        }
        var form = CategoryForm(category)
        form.revision = snapshot.row(identifier).map { String($0.revision) } ?? ""
        let others = snapshot.config.categories.filter { !Self.same($0.identifier, identifier) }
        let view = CategoryFormView(
            form: form, messages: form.binding().messages(amid: others), original: identifier)
        let saved = request.queryItems["saved"] == "1"
        return try formPage(view, flash: saved ? [["kind": "success", "text": "Saved."]] : [])
    }

    /// `POST /categories/new` and `POST /categories/{identifier}`: saves, or shows the form again
    /// with the posted values when a row button was pressed (200) or the category has an error
    /// (422). A changed identifier renames the category in one registry write.
    func submit(_ request: Request, editing original: String?) throws -> Response {
        let (typed, intent) = try CategoryForm.decode(request.urlEncodedForm())
        guard intent == .save else {
            let form = typed.applying(intent)
            let focused = intent == .addAction ? form.actions.count - 1 : nil
            return try formPage(CategoryFormView(form: form, original: original, focusedRow: focused))
        }
        let binding = typed.binding()
        let others = try catalog.snapshot().config.categories.filter { category in
            original.map { !Self.same(category.identifier, $0) } ?? true
        }
        let messages = binding.messages(amid: others)
        let view = CategoryFormView(form: typed, messages: messages, original: original)
        guard !messages.contains(where: { $0.severity == .error }) else {
            return try formPage(view, status: .unprocessableContent)
        }
        let category = binding.category
        let author = Author.name(of: request)
        do {
            // The revision the form was opened on is checked inside the write's transaction,
            // with the checks across the registry, so a save in between is never overwritten.
            let expected = Self.expectedRevision(original, typed: typed)
            if let original, !Self.same(original, category.identifier) {
                try catalog.auditedRename(original, to: category, expectedRevision: expected, by: author)
            } else {
                try catalog.auditedPut(category, expectedRevision: expected, by: author)
            }
        } catch is RegistryRefusal {
            // Stale, gone, or made invalid by a save that came first: all "changed meanwhile".
            return try conflictPage(view, editing: original)
        }
        return Response(redirectTo: Self.address(of: category.identifier) + "?saved=1")
    }

    /// The form again with 409: someone saved the registry while this form was open. The form
    /// now carries the current revision, so saving again deliberately replaces their change.
    private func conflictPage(_ view: CategoryFormView, editing original: String?) throws -> Response {
        let stale = CategoryFormMessage(
            field: .form, severity: .error,
            text:
                "Someone changed this category while you were editing, so nothing was saved. Check and save again."
        )
        var refused = view
        refused.messages.insert(stale, at: 0)
        if let original, let current = try catalog.snapshot().row(original)?.revision {
            refused.form.revision = String(current)
        }
        return try formPage(refused, status: .conflict)
    }

    /// The revision a save expects: a new category must not exist yet (`CategoryCatalog`'s 0);
    /// an edit expects the revision the form was opened on (a form without one, from before this
    /// field existed, is not checked; one that is not a number never matches).
    private static func expectedRevision(_ original: String?, typed: CategoryForm) -> Int? {
        guard original != nil else { return 0 }
        guard !typed.revision.isEmpty else { return nil }
        return Int(typed.revision) ?? -1
    }

    /// `POST /categories/{identifier}/delete`: removes the category, back to the list.
    func delete(_ request: Request, identifier: String) throws -> Response {
        do {
            try catalog.auditedDelete(identifier, by: Author.name(of: request))
        } catch RegistryRefusal.notFound {
            throw Self.noCategory(identifier)
        }
        return Response(redirectTo: "/categories?deleted=" + PercentEncoding.encoded(identifier))
    }

    /// The form page; `status` 422 when it shows errors.
    func formPage(
        _ view: CategoryFormView, status: HTTPStatus = .ok, flash: [TemplateValue] = []
    ) throws -> Response {
        var values = view.values()
        values["flash"] = .list(flash)
        let title = view.original.map { "Category \($0)" } ?? "New category"
        values["heading"] = .string(title)
        var response = try pages.page("categories/form", title: title, section: .categories, values: values)
        response.status = status
        return response
    }

    /// The 404 for an identifier the registry does not have.
    static func noCategory(_ identifier: String) -> HTTPError {
        HTTPError(.notFound, message: "No category has the identifier \"\(identifier)\".")
    }
}
