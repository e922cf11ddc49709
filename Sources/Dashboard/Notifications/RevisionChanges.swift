import JSON
import NotificationKit
import Storage

/// What changed between two saved versions of a notification, field by field, in the words of
/// the composer form: the history says "Title, Category" rather than "the payload changed".
struct RevisionChanges: Sendable {
    /// One field that differs.
    struct Change: Sendable, Equatable {
        /// The composer field.
        var field: ComposerField
        /// Its text before; empty when it was not set.
        var before: String
        /// Its text after.
        var after: String

        /// The field's label, as the form shows it.
        var label: String { field.label }
    }

    /// The differing fields, in form order; every field for the first revision that has a value.
    let changes: [Change]
    /// Whether the payload text differs although no field does (formatting, key order, a member
    /// the form shows only in Raw JSON).
    let onlyFormatting: Bool

    /// The changes from `old` (nil: nothing before) to `new`.
    init(from old: NotificationRevision?, to new: NotificationRevision) {
        let before =
            old.map { Self.fields(name: $0.name, headers: $0.headers, payload: $0.payload) }
            ?? ComposerFields()
        let after = Self.fields(name: new.name, headers: new.headers, payload: new.payload)
        self.init(before: before, after: after, payloadsDiffer: old?.payload != new.payload)
    }

    /// The changes from the fields `before` to `after`.
    init(before: ComposerFields, after: ComposerFields, payloadsDiffer: Bool) {
        let compared = ComposerField.allCases.filter { $0 != .rawJSON && $0 != .renderedRaw }
        changes = compared.compactMap { field in
            before[field] == after[field]
                ? nil : Change(field: field, before: before[field], after: after[field])
        }
        onlyFormatting = payloadsDiffer && changes.isEmpty
    }

    /// The form a saved version fills.
    static func fields(name: String, headers: String, payload: String) -> ComposerFields {
        var fields = ComposerFields()
        fields[.name] = name
        fields.fillHeaders(fromJSON: headers)
        fields.fillPayload(from: JSONReader().read(payload).root)
        fields[.rawJSON] = payload
        return fields
    }
}
