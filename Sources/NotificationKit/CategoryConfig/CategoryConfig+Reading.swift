import JSON

/// Reading a category config from bytes, field by field with per-field diagnostics.
extension CategoryConfig {
    /// Reads a whole config: the reader's diagnostics, the binding's (wrong types, unknown
    /// fields and options, missing fields) and `problems()`. The config is nil only when the
    /// text is not JSON or not an object with a `categories` array.
    public static func read(_ bytes: some Collection<UInt8>) -> (
        config: CategoryConfig?, diagnostics: [Diagnostic]
    ) {
        let result = JSONReader.apns.read(bytes)
        guard let root = result.root else { return (nil, result.diagnostics) }
        var sink = CategoryDiagnostics()
        let config = bind(root, diagnostics: &sink)
        return (config, result.diagnostics + merge(sink.list, config?.problems() ?? []))
    }

    /// Binding diagnostics, then the problems that do not repeat them: a missing or mistyped
    /// identifier or title is not reported once more as empty.
    static func merge(_ binding: [Diagnostic], _ problems: [Diagnostic]) -> [Diagnostic] {
        let repeated: Set<String> = [
            CategoryDiagnosticCode.emptyIdentifier.rawValue, CategoryDiagnosticCode.emptyTitle.rawValue,
        ]
        let bindingPaths = binding.map(\.path)
        return binding
            + problems.filter { problem in
                !repeated.contains(problem.code)
                    || !bindingPaths.contains { path in
                        problem.path == path || problem.path.hasPrefix(path + ".")
                            || problem.path.hasPrefix(path + "[")
                    }
            }
    }

    /// Binds a config from a tree.
    static func bind(_ root: JSONNode, diagnostics sink: inout CategoryDiagnostics) -> CategoryConfig? {
        guard case .object(let members) = root.value else {
            sink.emit(
                .type, JSONPath.root, at: root.span,
                "A category config is an object with a \"categories\" array.")
            return nil
        }
        var categoriesNode: JSONNode?
        for member in members {
            if member.key == "categories" {
                categoriesNode = member.value
            } else {
                sink.emit(
                    .unknownField, JSONPath.appending(key: member.key, to: JSONPath.root), at: member.keySpan,
                    "Unknown field \(JSONWriter.quoted(member.key)); a config has only \"categories\".")
            }
        }
        let path = JSONPath.appending(key: "categories", to: JSONPath.root)
        guard let categoriesNode else {
            sink.emit(.missingField, JSONPath.root, at: root.span, "The config has no \"categories\" array.")
            return nil
        }
        guard case .array(let elements) = categoriesNode.value else {
            sink.emit(.type, path, at: categoriesNode.span, "\"categories\" must be an array.")
            return nil
        }
        var config = CategoryConfig()
        for (position, element) in elements.enumerated() {
            let elementPath = JSONPath.appending(index: position, to: path)
            if let category = NotificationCategory.bind(element, at: elementPath, diagnostics: &sink) {
                config.categories.append(category)
            }
        }
        return config
    }
}

extension NotificationCategory {
    /// The fields of a category, in the order the config is written.
    static let fieldNames = [
        "identifier", "actions", "intentIdentifiers", "options", "hiddenPreviewsBodyPlaceholder",
        "categorySummaryFormat",
    ]

    /// Reads one category (the body of `PUT /api/v1/categories/{identifier}`), with its own
    /// `problems(at:)`.
    public static func read(_ bytes: some Collection<UInt8>) -> (
        category: NotificationCategory?, diagnostics: [Diagnostic]
    ) {
        let result = JSONReader.apns.read(bytes)
        guard let root = result.root else { return (nil, result.diagnostics) }
        var sink = CategoryDiagnostics()
        let category = bind(root, at: JSONPath.root, diagnostics: &sink)
        let problems = category?.problems(at: JSONPath.root) ?? []
        return (category, result.diagnostics + CategoryConfig.merge(sink.list, problems))
    }

    /// Binds one category object.
    static func bind(_ node: JSONNode, at path: String, diagnostics sink: inout CategoryDiagnostics)
        -> NotificationCategory?
    {
        guard case .object(let members) = node.value else {
            sink.emit(.type, path, at: node.span, "A category must be an object, not \(node.value.typeName).")
            return nil
        }
        var fields = CategoryFieldReader(path: path, sink: sink)
        var category = NotificationCategory(identifier: "", location: ModelSourceLocation(node.span))
        var hasIdentifier = false
        for member in members {
            let memberPath = JSONPath.appending(key: member.key, to: path)
            switch member.key {
            case "identifier":
                if let text = fields.string(member.value, at: memberPath) {
                    category.identifier = text
                    hasIdentifier = true
                }
            case "actions":
                guard let elements = fields.array(member.value, at: memberPath) else { continue }
                for (position, element) in elements.enumerated() {
                    let actionPath = JSONPath.appending(index: position, to: memberPath)
                    if let action = NotificationAction.bind(
                        element, at: actionPath, diagnostics: &fields.sink)
                    {
                        category.actions.append(action)
                    }
                }
            case "intentIdentifiers":
                category.intentIdentifiers = fields.strings(member.value, at: memberPath) ?? []
            case "options":
                category.options = fields.options(member.value, at: memberPath, as: CategoryOption.self)
            case "hiddenPreviewsBodyPlaceholder":
                category.hiddenPreviewsBodyPlaceholder = fields.optionalString(member.value, at: memberPath)
            case "categorySummaryFormat":
                category.categorySummaryFormat = fields.optionalString(member.value, at: memberPath)
            default:
                fields.unknown(member, at: memberPath, known: fieldNames)
            }
        }
        if !hasIdentifier && !members.contains(where: { $0.key == "identifier" }) {
            fields.sink.emit(.missingField, path, at: node.span, "The category has no \"identifier\".")
        }
        sink = fields.sink
        return category
    }
}
