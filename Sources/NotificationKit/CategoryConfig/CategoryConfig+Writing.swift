import JSON

/// Writing a config back to JSON in the documented field order, so read → write → read is the
/// identity and files diff cleanly.
extension CategoryConfig {
    /// The config as a JSON value: `categories`, each with `identifier`, `actions`,
    /// `intentIdentifiers`, `options`, then the optional texts; each action with `identifier`,
    /// `title`, `options`, then `textInput` and `icon` when set. Options are written in the order
    /// of CONTRACT §5.
    public var jsonValue: JSONValue {
        ["categories": .list(categories.map(\.jsonValue))]
    }

    /// The config as pretty JSON (two-space indentation) ending in a newline: the file format.
    public func prettyJSON() -> String {
        JSONWriter(style: .pretty).string(jsonValue) + "\n"
    }
}

extension NotificationCategory {
    /// The category as a JSON object in the documented field order.
    public var jsonValue: JSONValue {
        var object = JSONObjectBuilder()
        object.set("identifier", .string(identifier))
        object.set("actions", .list(actions.map(\.jsonValue)))
        object.set("intentIdentifiers", .list(intentIdentifiers.map(JSONValue.string)))
        object.set(
            "options", .list(CategoryOption.allCases.filter(options.contains).map { .string($0.rawValue) }))
        object.set("hiddenPreviewsBodyPlaceholder", hiddenPreviewsBodyPlaceholder)
        object.set("categorySummaryFormat", categorySummaryFormat)
        return object.value
    }
}

extension NotificationAction {
    /// The action as a JSON object in the documented field order.
    public var jsonValue: JSONValue {
        var object = JSONObjectBuilder()
        object.set("identifier", .string(identifier))
        object.set("title", .string(title))
        object.set(
            "options", .list(ActionOption.allCases.filter(options.contains).map { .string($0.rawValue) }))
        if let textInput {
            var input = JSONObjectBuilder()
            input.set("buttonTitle", textInput.buttonTitle)
            input.set("placeholder", textInput.placeholder)
            object.set("textInput", input.value)
        }
        switch icon {
        case .systemImage(let name): object.set("icon", ["systemImageName": .string(name)])
        case .templateImage(let name): object.set("icon", ["templateImageName": .string(name)])
        case nil: break
        }
        return object.value
    }
}
