import JSON
public import NotificationKit
public import Storage

// The one place where stored activity type documents and NotificationKit's activity model meet,
// for the API, the pages and the command line alike.

extension ActivityAttributesType {
    /// The type as the store keeps it: its compact JSON Schema, and the text it came from.
    ///
    /// Nothing is stored that cannot be read again: the schema is read back through the reader
    /// every later request uses, and must give this very type. Throws `RegistryRefusal.invalid`
    /// with the reader's findings (or `activities.stored-form`) otherwise.
    public func storedDocument(source: String, format: ActivityTypeImport.Format) throws
        -> ActivityTypeDocument
    {
        let json = JSONWriter().string(schema)
        let readBack = ActivitySchemaReader.importTypes(from: Array(json.utf8))
        guard readBack.types == [self] else {
            let errors = readBack.diagnostics.filter { $0.severity == .error }
            throw RegistryRefusal.invalid(
                errors.isEmpty
                    ? [
                        Diagnostic(
                            ActivityTypeCode.storedForm, path: name,
                            message:
                                "\(name)'s JSON Schema does not read back as the same type; nothing is stored."
                        )
                    ] : errors)
        }
        return ActivityTypeDocument(
            name: name, json: json, sourceKind: format == .swift ? .swift : .schema, source: source)
    }

    /// The type a stored document holds, or why it does not hold one.
    static func decoded(_ stored: StoredActivityType) throws(UnreadableActivityType) -> ActivityAttributesType
    {
        let read = ActivitySchemaReader.importTypes(from: Array(stored.document.json.utf8))
        let errors = read.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, read.types.count == 1, let type = read.types.first,
            type.name.utf8.elementsEqual(stored.document.name.utf8)
        else {
            throw UnreadableActivityType(
                name: stored.document.name, revision: stored.revision,
                reason: errors.first?.message ?? "it does not hold exactly the type \(stored.document.name)")
        }
        return type
    }
}
