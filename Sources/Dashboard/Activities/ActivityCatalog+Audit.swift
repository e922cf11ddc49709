import HTTPKit
import NotificationKit
import Registry
import Storage

/// The Live Activity registry's writes as the page and the API make them, each noting its named
/// action for the audit trail (`activities.create`, `activities.update`, `activities.delete`)
/// on the type's address.
extension ActivityCatalog {
    /// `put`, noted as `activities.create` or `activities.update`.
    @discardableResult
    func auditedPut(
        _ type: ActivityAttributesType, source text: String, format: ActivityTypeImport.Format,
        by author: String
    ) throws -> ActivityTypePutResult {
        let result = try put(type, source: text, format: format, by: author)
        let action: String
        switch result {
        case .created: action = "activities.create"
        case .replaced: action = "activities.update"
        }
        AuditedChanges.note(action, object: Self.address(of: type.name), detail: "from \(format.rawValue)")
        return result
    }

    /// `delete`, noted as `activities.delete` when there was a type to delete.
    func auditedDelete(_ name: String, by author: String) throws -> Bool {
        let deleted = try delete(name, by: author)
        if deleted { AuditedChanges.note("activities.delete", object: Self.address(of: name)) }
        return deleted
    }

    /// The API address of a type, which names it unambiguously in the trail.
    private static func address(of name: String) -> String {
        "/api/v1/activities/" + PercentEncoding.encoded(name)
    }
}
