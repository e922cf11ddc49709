import HTTPKit
import NotificationKit
import Storage
import Templates

/// The category form: show, redisplay ("Add action", "Remove action"), save, rename, delete.
extension CategoryPages {
    /// `GET /categories/{identifier}`: the stored category in the form, with the warnings the
    /// registry has about it and "Saved." after a save.
    func editPage(_ request: Request, identifier: String) throws -> Response {
        let (stored, config) = try registry()
        guard let category = config.category(identifiedBy: identifier) else {
            throw Self.noCategory(identifier)
        }
        var form = CategoryForm(category)
        form.revision = Self.revision(of: identifier, in: stored).map(String.init) ?? ""
        let others = config.categories.filter { !Self.same($0.identifier, identifier) }
        let view = CategoryFormView(
            form: form, messages: form.binding().messages(amid: others), original: identifier)
        let saved = request.queryItems["saved"] == "1"
        return try formPage(view, flash: saved ? [["kind": "success", "text": "Saved."]] : [])
    }

    /// `POST /categories/new` and `POST /categories/{identifier}`: saves, or shows the form again
    /// with the posted values when a row button was pressed (200) or the category has an error
    /// (422). A changed identifier renames the category in one registry write.
    func submit(_ request: Request, editing original: String?) throws -> Response {
        let (typed, intent) = try CategoryForm.decode(Self.formFields(of: request))
        guard intent == .save else {
            let form = typed.applying(intent)
            let focused = intent == .addAction ? form.actions.count - 1 : nil
            return try formPage(CategoryFormView(form: form, original: original, focusedRow: focused))
        }
        let binding = typed.binding()
        let (stored, config) = try registry()
        let others = config.categories.filter { category in
            original.map { !Self.same(category.identifier, $0) } ?? true
        }
        let messages = binding.messages(amid: others)
        let view = CategoryFormView(form: typed, messages: messages, original: original)
        guard !messages.contains(where: { $0.severity == .error }) else {
            return try formPage(view, status: .unprocessableContent)
        }
        let category = binding.category
        let author = Author.name(of: request)
        let changedMeanwhile = Self.changedSinceOpened(original, typed: typed, in: stored)
        if let original, !Self.same(original, category.identifier) {
            guard !changedMeanwhile, try rename(original, to: category.storedDocument, in: stored, by: author)
            else { return try conflictPage(view, editing: original) }
        } else {
            guard !changedMeanwhile else { return try conflictPage(view, editing: original) }
            _ = try store.categories.put(category.storedDocument, by: author)
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
        if let original, let current = Self.revision(of: original, in: try registry().0) {
            refused.form.revision = String(current)
        }
        return try formPage(refused, status: .conflict)
    }

    /// Whether the category being edited has a newer revision than the one the form was opened
    /// on (a form without a revision, from before this field existed, is not checked).
    private static func changedSinceOpened(
        _ original: String?, typed: CategoryForm, in stored: CategoryRegistry
    )
        -> Bool
    {
        guard let original, !typed.revision.isEmpty else { return false }
        return revision(of: original, in: stored).map(String.init) != typed.revision
    }

    /// The stored revision of one category.
    private static func revision(of identifier: String, in stored: CategoryRegistry) -> Int? {
        stored.categories.first { same($0.identifier, identifier) }?.revision
    }

    /// `POST /categories/{identifier}/delete`: removes the category, back to the list.
    func delete(_ request: Request, identifier: String) throws -> Response {
        guard try store.categories.delete(identifier, by: Author.name(of: request)) else {
            throw Self.noCategory(identifier)
        }
        return Response(redirectTo: "/categories?deleted=" + Self.percentEncoded(identifier))
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

    /// Renames in one transaction: the registry is written whole with the new document in the old
    /// one's place, and only if nobody changed it since `stored` was read. False when someone did.
    private func rename(
        _ original: String, to document: CategoryDocument, in stored: CategoryRegistry, by author: String
    ) throws -> Bool {
        var documents = stored.categories.map(\.document)
        if let index = documents.firstIndex(where: { Self.same($0.identifier, original) }) {
            documents[index] = document
        } else {
            documents.append(document)
        }
        let result = try store.categories.replaceAll(
            with: documents, by: author, expectedRevision: stored.revision)
        if case .replaced = result { return true }
        return false
    }

    /// The 404 for an identifier the registry does not have.
    static func noCategory(_ identifier: String) -> HTTPError {
        HTTPError(.notFound, message: "No category has the identifier \"\(identifier)\".", code: "not-found")
    }
}
