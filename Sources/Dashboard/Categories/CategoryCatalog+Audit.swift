import JSON
import NotificationKit
import Registry
import Storage

/// The registry's writes as the pages and the API make them, each noting its named action for
/// the audit trail (`categories.create`, `categories.update`, `categories.rename`,
/// `categories.delete`, `categories.replace`, `categories.restore`) on the category's page
/// with what changed. A dry run calls none of these, so it records nothing.
extension CategoryCatalog {
    /// `put`, noted as `categories.create` or `categories.update` (`action` overrides it: a
    /// restore is `categories.restore`).
    @discardableResult
    func auditedPut(
        _ category: NotificationCategory, expectedRevision: Int? = nil, by author: String,
        action: String? = nil, detail: String? = nil
    ) throws -> CategoryPutResult {
        let before = try snapshot().category(category.identifier)
        let result = try put(category, expectedRevision: expectedRevision, by: author)
        let stored: StoredCategory
        let verb: String
        switch result {
        case .created(let row, _): (stored, verb) = (row, "categories.create")
        case .replaced(let row, _): (stored, verb) = (row, "categories.update")
        }
        let writer = JSONWriter()
        let changes = CategoryRevisionChanges(
            from: before.map { writer.string($0.jsonValue) }, to: writer.string(category.jsonValue)
        ).changes.map(\.label)
        AuditedChanges.note(
            action ?? verb, object: CategoryPages.address(of: category.identifier),
            detail: detail ?? Self.detail(revision: stored.revision, changes: changes))
        return result
    }

    /// `rename`, noted as `categories.rename` on the new identifier's page.
    func auditedRename(
        _ original: String, to category: NotificationCategory, expectedRevision: Int?, by author: String
    ) throws {
        try rename(original, to: category, expectedRevision: expectedRevision, by: author)
        AuditedChanges.note(
            "categories.rename", object: CategoryPages.address(of: category.identifier),
            detail: "from \"\(original.prefix(100))\"")
    }

    /// `delete`, noted as `categories.delete`.
    func auditedDelete(_ identifier: String, expectedRevision: Int? = nil, by author: String) throws {
        try delete(identifier, expectedRevision: expectedRevision, by: author)
        AuditedChanges.note("categories.delete", object: CategoryPages.address(of: identifier))
    }

    /// `replaceAll`, noted as `categories.replace` on `/categories` with the plan it carried out
    /// ("adds a; changes b; removes c").
    @discardableResult
    func auditedReplaceAll(with config: CategoryConfig, expectedRevision: Int? = nil, by author: String)
        throws -> RegistrySnapshot
    {
        let plan = RegistryImportPlan(current: try snapshot().config, incoming: config)
        let replaced = try replaceAll(with: config, expectedRevision: expectedRevision, by: author)
        AuditedChanges.note(
            "categories.replace", object: "/categories",
            detail: "revision \(replaced.revision): " + String(plan.summary.prefix(400)))
        return replaced
    }

    /// "revision 4: title, actions", or just the revision when nothing is listed.
    static func detail(revision: Int, changes: [String]) -> String {
        let listed = changes.joined(separator: ", ")
        return "revision \(revision)" + (listed.isEmpty ? "" : ": " + String(listed.prefix(300)))
    }
}
