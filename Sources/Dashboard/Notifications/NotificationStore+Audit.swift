import Storage

/// The notification store's writes as the pages and the API make them, each noting its named
/// action for the audit trail on the notification's page: `notifications.create`,
/// `notifications.update` (with the fields that changed), `notifications.restore-revision`,
/// `notifications.delete` (to the trash), `notifications.restore` (from it) and
/// `notifications.purge`. A preview, an export or a stale save calls none of them.
extension NotificationStore {
    /// `create`, noted as `notifications.create` (`action` overrides it: a copy is
    /// `notifications.duplicate`).
    func auditedCreate(
        name: String, headers: String, payload: String, variants: String = "{}", by author: String,
        action: String = "notifications.create", detail: String? = nil
    ) throws -> StoredNotification {
        let created = try create(
            name: name, headers: headers, payload: payload, variants: variants, by: author)
        AuditedChanges.note(
            action, object: Self.address(of: created.id), detail: detail ?? "\"\(name.prefix(100))\"")
        return created
    }

    /// `update`, noted as `notifications.update` with the changed fields when it was saved.
    func auditedUpdate(
        id: String, expectedRevision: Int, name: String, headers: String, payload: String,
        variants: String? = nil, by author: String
    ) throws -> NotificationUpdateResult {
        let before = try notification(id: id)
        let result = try update(
            id: id, expectedRevision: expectedRevision, name: name, headers: headers, payload: payload,
            variants: variants, by: author)
        if case .updated(let saved) = result {
            AuditedChanges.note(
                "notifications.update", object: Self.address(of: id),
                detail: Self.detail(from: before, to: saved))
        }
        return result
    }

    /// `restore(revision:of:)`, noted as `notifications.restore-revision` when it was saved.
    func auditedRestore(
        revision: Int, of id: String, expectedRevision: Int? = nil, by author: String
    ) throws -> NotificationUpdateResult {
        let result = try restore(revision: revision, of: id, expectedRevision: expectedRevision, by: author)
        if case .updated(let saved) = result {
            AuditedChanges.note(
                "notifications.restore-revision", object: Self.address(of: id),
                detail: "revision \(revision) saved as revision \(saved.revision)")
        }
        return result
    }

    /// `delete` (to the trash), noted as `notifications.delete` when there was one.
    func auditedDelete(id: String, by author: String) throws -> Bool {
        let deleted = try delete(id: id, by: author)
        if deleted {
            AuditedChanges.note("notifications.delete", object: Self.address(of: id), detail: "to the trash")
        }
        return deleted
    }

    /// `restore(id:)` from the trash, noted as `notifications.restore`.
    func auditedRestore(id: String) throws -> StoredNotification? {
        let restored = try restore(id: id)
        if restored != nil {
            AuditedChanges.note(
                "notifications.restore", object: Self.address(of: id), detail: "from the trash")
        }
        return restored
    }

    /// `purge`, noted as `notifications.purge`.
    func auditedPurge(id: String) throws -> Bool {
        let purged = try purge(id: id)
        if purged { AuditedChanges.note("notifications.purge", object: Self.address(of: id)) }
        return purged
    }

    /// The page of a notification, where the trail's object links to.
    static func address(of id: String) -> String {
        "/notifications/" + id
    }

    /// "revision 3: Title, Body", the fields as the form labels them.
    private static func detail(from before: StoredNotification?, to saved: StoredNotification) -> String {
        let old = before.map {
            RevisionChanges.fields(name: $0.name, headers: $0.headers, payload: $0.payload)
        }
        let new = RevisionChanges.fields(name: saved.name, headers: saved.headers, payload: saved.payload)
        let changes = RevisionChanges(
            before: old ?? ComposerFields(), after: new, payloadsDiffer: before?.payload != saved.payload)
        let labels = changes.changes.map(\.field.label)
        let listed =
            labels.isEmpty
            ? (changes.onlyFormatting ? "formatting" : "no field") : labels.joined(separator: ", ")
        return "revision \(saved.revision): " + String(listed.prefix(300))
    }
}
