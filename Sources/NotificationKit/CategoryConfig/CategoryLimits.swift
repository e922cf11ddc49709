import JSON

/// The limits a category config must stay within, the same for the API, the form and the CLI.
///
/// iOS itself sets none of these; they exist so that nothing stored can break the dashboard: an
/// identifier travels in an address (`/categories/{identifier}`, a `Location` header), so it is
/// kept far below what a URL or a header line can carry (libmicrohttpd's connection buffer held
/// about 31 KB: a longer one was saved and could then never be opened, edited or deleted), and a
/// registry or category without bounds costs every page and check that reads it.
public enum CategoryLimits {
    /// The longest category or action identifier, in UTF-8 bytes.
    public static let maximumIdentifierBytes = 256
    /// The most categories one registry holds.
    public static let maximumCategories = 500
    /// The most actions one category holds (iOS shows at most 10; the rest are a warning).
    public static let maximumActions = 32
    /// Identifiers that would resolve to another address as a path segment (`.`, `..`) or name
    /// the new-category form (`new`).
    public static let reservedIdentifiers: Set<String> = [".", "..", "new"]
}

extension CategoryConfig {
    /// `categories.too-many-categories` when the registry is over `CategoryLimits.maximumCategories`.
    func limitProblems(at path: String) -> [Diagnostic] {
        var sink = CategoryDiagnostics()
        if categories.count > CategoryLimits.maximumCategories {
            sink.emit(
                .tooManyCategories, path, at: nil,
                "The config has \(categories.count) categories; at most \(CategoryLimits.maximumCategories) are kept."
            )
        }
        return sink.list
    }
}

extension NotificationCategory {
    /// Identifier length and reserved names for the category and its actions, and the action count.
    func limitProblems(at path: String, into sink: inout CategoryDiagnostics) {
        Self.checkIdentifierLimits(
            identifier, kind: "category", at: JSONPath.appending(key: "identifier", to: path), location.span,
            reserved: true, &sink)
        let actionsPath = JSONPath.appending(key: "actions", to: path)
        if actions.count > CategoryLimits.maximumActions {
            sink.emit(
                .actionLimit, actionsPath, at: location.span,
                "The category has \(actions.count) actions; at most \(CategoryLimits.maximumActions) are kept."
            )
        }
        for (index, action) in actions.enumerated() {
            Self.checkIdentifierLimits(
                action.identifier, kind: "action",
                at: JSONPath.appending(
                    key: "identifier", to: JSONPath.appending(index: index, to: actionsPath)),
                action.location.span, reserved: false, &sink)
        }
    }

    private static func checkIdentifierLimits(
        _ identifier: String, kind: String, at path: String, _ span: JSONSpan?, reserved: Bool,
        _ sink: inout CategoryDiagnostics
    ) {
        let bytes = identifier.utf8.count
        if bytes > CategoryLimits.maximumIdentifierBytes {
            sink.emit(
                .identifierTooLong, path, at: span,
                "The \(kind) identifier is \(bytes) bytes long; at most \(CategoryLimits.maximumIdentifierBytes) "
                    + "bytes (UTF-8) are accepted.")
        }
        if reserved,
            CategoryLimits.reservedIdentifiers.contains(where: { $0.utf8.elementsEqual(identifier.utf8) })
        {
            sink.emit(
                .reservedIdentifier, path, at: span,
                "\(JSONWriter.quoted(identifier)) cannot be a category identifier: "
                    + "\".\", \"..\" and \"new\" would open another page as an address.")
        }
    }
}
