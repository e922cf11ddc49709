import JSON

extension NotificationAction {
    /// The fields of an action, in the order the config is written.
    static let fieldNames = ["identifier", "title", "options", "textInput", "icon"]

    /// Binds one action object.
    static func bind(_ node: JSONNode, at path: String, diagnostics sink: inout CategoryDiagnostics)
        -> NotificationAction?
    {
        guard case .object(let members) = node.value else {
            sink.emit(.type, path, at: node.span, "An action must be an object, not \(node.value.typeName).")
            return nil
        }
        var fields = CategoryFieldReader(path: path, sink: sink)
        var action = NotificationAction(identifier: "", title: "", location: ModelSourceLocation(node.span))
        var present: Set<String> = []
        for member in members {
            let memberPath = JSONPath.appending(key: member.key, to: path)
            present.insert(member.key)
            switch member.key {
            case "identifier":
                action.identifier = fields.string(member.value, at: memberPath) ?? ""
            case "title":
                action.title = fields.string(member.value, at: memberPath) ?? ""
            case "options":
                action.options = fields.options(member.value, at: memberPath, as: ActionOption.self)
            case "textInput":
                action.textInput = bindTextInput(member.value, at: memberPath, fields: &fields)
            case "icon":
                action.icon = bindIcon(member.value, at: memberPath, fields: &fields)
            default:
                fields.unknown(member, at: memberPath, known: fieldNames)
            }
        }
        for required in ["identifier", "title"] where !present.contains(required) {
            fields.sink.emit(.missingField, path, at: node.span, "The action has no \"\(required)\".")
        }
        sink = fields.sink
        return action
    }

    private static func bindTextInput(_ node: JSONNode, at path: String, fields: inout CategoryFieldReader)
        -> TextInput?
    {
        if case .null = node.value { return nil }
        guard case .object(let members) = node.value else {
            fields.sink.emit(
                .type, path, at: node.span, "\"textInput\" must be an object, not \(node.value.typeName).")
            return nil
        }
        var textInput = TextInput()
        for member in members {
            let memberPath = JSONPath.appending(key: member.key, to: path)
            switch member.key {
            case "buttonTitle": textInput.buttonTitle = fields.optionalString(member.value, at: memberPath)
            case "placeholder": textInput.placeholder = fields.optionalString(member.value, at: memberPath)
            default: fields.unknown(member, at: memberPath, known: ["buttonTitle", "placeholder"])
            }
        }
        return textInput
    }

    private static func bindIcon(_ node: JSONNode, at path: String, fields: inout CategoryFieldReader)
        -> ActionIcon?
    {
        if case .null = node.value { return nil }
        guard case .object(let members) = node.value else {
            fields.sink.emit(
                .type, path, at: node.span, "\"icon\" must be an object, not \(node.value.typeName).")
            return nil
        }
        var icons: [ActionIcon] = []
        for member in members {
            let memberPath = JSONPath.appending(key: member.key, to: path)
            switch member.key {
            case "systemImageName":
                if let name = fields.string(member.value, at: memberPath) { icons.append(.systemImage(name)) }
            case "templateImageName":
                if let name = fields.string(member.value, at: memberPath) {
                    icons.append(.templateImage(name))
                }
            default:
                fields.unknown(member, at: memberPath, known: ["systemImageName", "templateImageName"])
            }
        }
        guard icons.count == 1, let icon = icons.first else {
            fields.sink.emit(
                .icon, path, at: node.span,
                "An icon has exactly one of \"systemImageName\" (an SF Symbol) or \"templateImageName\".")
            return nil
        }
        return icon
    }
}
