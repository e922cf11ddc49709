import JSON

/// The limits a category config must stay within, the same for the API, the form and the CLI.
///
/// iOS itself sets none of these; they exist so that nothing stored can break the dashboard: an
/// identifier travels in an address (`/categories/{identifier}`, a `Location` header), so it is
/// kept far below what a URL or a header line can carry (libmicrohttpd's connection buffer held
/// about 31 KB: a longer one was saved and could then never be opened, edited or deleted), and a
/// registry or category without bounds costs every page and check that reads it.
///
/// The texts iOS draws have caps too, far above what any device shows (a button title is one
/// line of about 35 characters in the widest menu; the text field's placeholder and the
/// hidden-previews text a line or two): an editor could otherwise grow the registry without
/// bound (a 90 MB registry held the server at 1.3 GB), and every page, check and export pays
/// for it. The caps are UTF-8 bytes, so a script of three-byte characters still gets 85 and more.
public enum CategoryLimits {
    /// The longest category or action identifier, in UTF-8 bytes.
    public static let maximumIdentifierBytes = 256
    /// The longest action title and text-input button title, in UTF-8 bytes (iOS shows one line).
    public static let maximumTitleBytes = 256
    /// The longest text-input placeholder, hidden-previews placeholder and summary format, in
    /// UTF-8 bytes (iOS shows a line or two).
    public static let maximumPlaceholderBytes = 512
    /// The longest icon image name and intent identifier, in UTF-8 bytes (names, like identifiers).
    public static let maximumNameBytes = 256
    /// The largest registry, as the UTF-8 bytes of its config file (`prettyJSON()`): 1 MiB, the
    /// server's default body limit, so an exported registry can always be put back whole.
    public static let maximumRegistryBytes = 1 << 20
    /// The most categories one registry holds.
    public static let maximumCategories = 500
    /// The most actions one category holds (iOS shows at most 10; the rest are a warning).
    public static let maximumActions = 32
    /// Identifiers that would resolve to another address as a path segment (`.`, `..`) or name
    /// the new-category form (`new`).
    public static let reservedIdentifiers: Set<String> = [".", "..", "new"]
}

extension CategoryConfig {
    /// `categories.too-many-categories` when the registry is over `CategoryLimits.maximumCategories`,
    /// `categories.registry-too-large` when its config file is over `maximumRegistryBytes`.
    func limitProblems(at path: String) -> [Diagnostic] {
        var sink = CategoryDiagnostics()
        if categories.count > CategoryLimits.maximumCategories {
            sink.emit(
                .tooManyCategories, path, at: nil,
                "The config has \(categories.count) categories; at most \(CategoryLimits.maximumCategories) are kept."
            )
        }
        let bytes = prettyJSON().utf8.count
        if bytes > CategoryLimits.maximumRegistryBytes {
            sink.emit(
                .registryTooLarge, path, at: nil,
                "The registry's config file would be \(bytes) bytes; at most \(CategoryLimits.maximumRegistryBytes) "
                    + "are kept (shorten texts or remove categories).")
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
            let actionPath = JSONPath.appending(index: index, to: actionsPath)
            Self.checkIdentifierLimits(
                action.identifier, kind: "action", at: JSONPath.appending(key: "identifier", to: actionPath),
                action.location.span, reserved: false, &sink)
            action.textLimitProblems(at: actionPath, into: &sink)
        }
        let span = location.span
        for (index, intent) in intentIdentifiers.enumerated() {
            let intentPath = JSONPath.appending(
                index: index, to: JSONPath.appending(key: "intentIdentifiers", to: path))
            Self.checkLength(
                intent, "intent identifier", CategoryLimits.maximumNameBytes, intentPath, span, &sink)
        }
        Self.checkLength(
            hiddenPreviewsBodyPlaceholder, "hidden-previews placeholder",
            CategoryLimits.maximumPlaceholderBytes,
            JSONPath.appending(key: "hiddenPreviewsBodyPlaceholder", to: path), span, &sink)
        Self.checkLength(
            categorySummaryFormat, "summary format", CategoryLimits.maximumPlaceholderBytes,
            JSONPath.appending(key: "categorySummaryFormat", to: path), span, &sink)
    }

    /// `categories.text-too-long` naming the field when `text` is over `maximum` UTF-8 bytes.
    static func checkLength(
        _ text: String?, _ field: String, _ maximum: Int, _ path: String, _ span: JSONSpan?,
        _ sink: inout CategoryDiagnostics
    ) {
        guard let bytes = text?.utf8.count, bytes > maximum else { return }
        sink.emit(
            .textTooLong, path, at: span,
            "The \(field) is \(bytes) bytes long; at most \(maximum) bytes (UTF-8) are accepted, "
                + "far more than iOS shows.")
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

extension NotificationAction {
    /// `categories.text-too-long` for the title, the text input's button title and placeholder,
    /// and the icon's image name, each with its own path under `path`.
    func textLimitProblems(at path: String, into sink: inout CategoryDiagnostics) {
        let span = location.span
        NotificationCategory.checkLength(
            title, "action title", CategoryLimits.maximumTitleBytes,
            JSONPath.appending(key: "title", to: path),
            span, &sink)
        let textInputPath = JSONPath.appending(key: "textInput", to: path)
        NotificationCategory.checkLength(
            textInput?.buttonTitle, "text-input button title", CategoryLimits.maximumTitleBytes,
            JSONPath.appending(key: "buttonTitle", to: textInputPath), span, &sink)
        NotificationCategory.checkLength(
            textInput?.placeholder, "text-input placeholder", CategoryLimits.maximumPlaceholderBytes,
            JSONPath.appending(key: "placeholder", to: textInputPath), span, &sink)
        let iconPath = JSONPath.appending(key: "icon", to: path)
        switch icon {
        case .systemImage(let name):
            NotificationCategory.checkLength(
                name, "icon name", CategoryLimits.maximumNameBytes,
                JSONPath.appending(key: "systemImageName", to: iconPath), span, &sink)
        case .templateImage(let name):
            NotificationCategory.checkLength(
                name, "icon name", CategoryLimits.maximumNameBytes,
                JSONPath.appending(key: "templateImageName", to: iconPath), span, &sink)
        case nil: break
        }
    }
}
