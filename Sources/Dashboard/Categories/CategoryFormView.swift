import NotificationKit
import Templates

/// The values of `templates/categories/form.html`: the form as typed, each message next to its
/// field (`aria-invalid`, `aria-describedby`), and a summary of them at the top.
struct CategoryFormView {
    /// What the fields show.
    var form: CategoryForm
    /// Findings to show; errors mark their field invalid.
    var messages: [CategoryFormMessage] = []
    /// The stored identifier being edited; nil for a new category.
    var original: String?
    /// The row whose first field gets the focus (the one "Add action" just added).
    var focusedRow: Int?

    /// The labels of the category options, in the order shown (CONTRACT §7).
    static let categoryOptionLabels: [(CategoryOption, String)] = [
        (.customDismissAction, "Custom dismiss action"), (.allowInCarPlay, "Allow in CarPlay"),
        (.hiddenPreviewsShowTitle, "Show title when previews are hidden"),
        (.hiddenPreviewsShowSubtitle, "Show subtitle when previews are hidden"),
    ]

    /// The labels of the action options, in the order shown (CONTRACT §7).
    static let actionOptionLabels: [(ActionOption, String, String)] = [
        (.foreground, "Foreground", "foreground"), (.destructive, "Destructive", "destructive"),
        (.authenticationRequired, "Requires authentication", "authentication-required"),
    ]

    /// Every value the template shows.
    func values() -> [String: TemplateValue] {
        let address = original.map(CategoryPages.address(of:))
        return [
            "isNew": .bool(original == nil),
            "original": .string(original ?? ""),
            "revision": .string(form.revision),
            "formAction": .string(address ?? "/categories/new"),
            "deleteAction": .string((address ?? "/categories/new") + "/delete"),
            "summary": summary(),
            "identifier": textField(
                .identifier, name: "identifier", label: "Identifier", value: form.identifier,
                hint: "What aps.category names, exactly: identifiers are case-sensitive."),
            "actions": .list(
                form.actions.enumerated().map { row(String($0.offset), $0.element, at: $0.offset) }),
            "actionsGroup": group(.actions),
            "buttonPreview": buttonPreviewValue(), "live": true,
            "rowTemplate": row("__INDEX__", CategoryFormAction(), at: nil),
            "options": .list(
                Self.categoryOptionLabels.map { option, label in
                    check(
                        id: "option-" + option.rawValue, name: "options", value: option.rawValue,
                        label: label,
                        checked: form.options.contains(option))
                }),
            "optionsGroup": group(.options),
            "hiddenPreviewsBodyPlaceholder": textField(
                .hiddenPreviewsBodyPlaceholder, name: "hiddenPreviewsBodyPlaceholder",
                label: "Hidden previews placeholder", value: form.hiddenPreviewsBodyPlaceholder,
                hint: "The body shown when previews are hidden; %u becomes the number of notifications."),
            "categorySummaryFormat": textField(
                .categorySummaryFormat, name: "categorySummaryFormat", label: "Summary format",
                value: form.categorySummaryFormat, hint: "The summary of a group, such as %u more messages."),
            "intentIdentifiers": textField(
                .intentIdentifiers, name: "intentIdentifiers", label: "Intent identifiers",
                value: form.intentIdentifiers, hint: "Siri intent names, separated by commas."),
        ]
    }

    /// One action row; `row` is nil for the template the script copies.
    private func row(_ index: String, _ action: CategoryFormAction, at row: Int?) -> TemplateValue {
        let prefix = "action-\(index)"
        func name(_ key: String) -> String { "actions[\(index)][\(key)]" }
        func field(_ field: CategoryFormField?, _ key: String, _ id: String, _ label: String, _ value: String)
            -> TemplateValue
        {
            textField(field, id: "\(prefix)-\(id)", name: name(key), label: label, value: value)
        }
        var checks = Self.actionOptionLabels.map { option, label, id in
            check(
                id: "\(prefix)-\(id)", name: name("options"), value: option.rawValue, label: label,
                checked: action.options.contains(option))
        }
        checks.append(
            check(
                id: "\(prefix)-text-input", name: name("textInput"), value: "on", label: "Text input",
                checked: action.hasTextInput))
        let own = row.map { messages(on: .action($0)) } ?? []
        return [
            "index": .string(index),
            "number": .string(row.map { String($0 + 1) } ?? "__NUMBER__"),
            "hasMessages": .bool(!own.isEmpty), "messages": .list(own),
            "identifier": textField(
                row.map(CategoryFormField.actionIdentifier), id: "\(prefix)-identifier",
                name: name("identifier"),
                label: "Action identifier", value: action.identifier, focused: row != nil && row == focusedRow
            ),
            "title": field(
                row.map(CategoryFormField.actionTitle), "title", "title", "Action title", action.title),
            "checks": .list(checks),
            "buttonTitle": field(
                row.map(CategoryFormField.buttonTitle), "buttonTitle", "button-title", "Button title",
                action.buttonTitle),
            "placeholder": field(nil, "placeholder", "placeholder", "Placeholder", action.placeholder),
            "systemImageName": field(
                row.map(CategoryFormField.icon), "systemImageName", "icon", "Icon (SF Symbol name)",
                action.systemImageName),
            "templateImageName": field(
                nil, "templateImageName", "template-icon", "Icon (image in the app)", action.templateImageName
            ),
        ]
    }

    private func textField(
        _ field: CategoryFormField, name: String, label: String, value: String, hint: String
    ) -> TemplateValue {
        textField(field, id: field.elementID, name: name, label: label, value: value, hint: hint)
    }

    private func textField(
        _ field: CategoryFormField?, id: String, name: String, label: String, value: String,
        hint: String = "",
        focused: Bool = false
    ) -> TemplateValue {
        let own = field.map { messages(on: $0) } ?? []
        var describedBy: [String] = []
        if !hint.isEmpty { describedBy.append(id + "-hint") }
        if !own.isEmpty { describedBy.append(id + "-messages") }
        return [
            "id": .string(id), "name": .string(name), "label": .string(label), "value": .string(value),
            "hint": .string(hint), "describedBy": .string(describedBy.joined(separator: " ")),
            "invalid": .bool(field.map { isInvalid($0) } ?? false), "autofocus": .bool(focused),
            "hasMessages": .bool(!own.isEmpty), "messages": .list(own),
        ]
    }

    private func check(id: String, name: String, value: String, label: String, checked: Bool) -> TemplateValue
    {
        [
            "id": .string(id), "name": .string(name), "value": .string(value), "label": .string(label),
            "checked": .bool(checked),
        ]
    }

    /// The messages of a field that is a group (the rows, the options), with the id they carry.
    private func group(_ field: CategoryFormField) -> TemplateValue {
        let own = messages(on: field)
        return ["id": .string(field.elementID), "hasMessages": .bool(!own.isEmpty), "messages": .list(own)]
    }

    private func messages(on field: CategoryFormField) -> [TemplateValue] {
        messages.filter { $0.field == field }.map(Self.value)
    }

    private func isInvalid(_ field: CategoryFormField) -> Bool {
        messages.contains { $0.field == field && $0.severity == .error }
    }

    /// The list at the top: every message with a link to its field.
    private func summary() -> TemplateValue {
        guard !messages.isEmpty else { return false }
        let errors = messages.filter { $0.severity == .error }.count
        let them = messages.count == 1 ? "it" : "them"
        let heading =
            errors == 0
            ? "This category has \(Self.count(messages.count, "warning")); it can be saved, but check \(them)."
            : "The category was not saved: \(Self.count(errors, "error")) to fix."
        let sorted = messages.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.severity == .error ? 0 : 1, lhs.element.field.pageOrder, lhs.offset)
            let right = (rhs.element.severity == .error ? 0 : 1, rhs.element.field.pageOrder, rhs.offset)
            return left < right
        }.map(\.element)
        return [
            "kind": .string(errors == 0 ? "warning" : "error"),
            "role": .string(errors == 0 ? "status" : "alert"),
            "heading": .string(heading),
            "items": .list(
                sorted.map { message in
                    var item = Self.value(message)
                    if case .object(var fields) = item {
                        fields["target"] = .string(message.field.elementID)
                        item = .object(fields)
                    }
                    return item
                }),
        ]
    }

    private static func value(_ message: CategoryFormMessage) -> TemplateValue {
        [
            "severity": .string(message.severity.rawValue),
            "severityLabel": .string(message.severity == .error ? "Error" : "Warning"),
            "text": .string(message.text),
        ]
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
