import JSON
import NotificationKit

/// A bound category form: the category, which form row each of its actions came from (empty rows
/// are skipped, so the numbers differ), and what the form itself found wrong.
struct CategoryFormBinding: Sendable {
    /// The category as it would be saved.
    let category: NotificationCategory
    /// `rowOfAction[i]` is the form row of `category.actions[i]`.
    let rowOfAction: [Int]
    /// Findings of the binding itself, before the category's own problems.
    let messages: [CategoryFormMessage]
}

extension CategoryForm {
    /// Binds the typed text field by field (DESIGN rule 6). Empty optional texts become absent
    /// fields, a row with nothing typed is not an action, and the button title and placeholder
    /// count only when "Text input" is checked.
    func binding() -> CategoryFormBinding {
        var category = NotificationCategory(identifier: identifier)
        var rows: [Int] = []
        var messages: [CategoryFormMessage] = []
        for (row, action) in actions.enumerated() where !action.isEmpty {
            var bound = NotificationAction(
                identifier: action.identifier, title: action.title, options: action.options)
            if action.hasTextInput {
                bound.textInput = TextInput(
                    buttonTitle: action.buttonTitle.nonEmpty, placeholder: action.placeholder.nonEmpty)
            }
            switch (action.systemImageName.nonEmpty, action.templateImageName.nonEmpty) {
            case (let symbol?, nil): bound.icon = .systemImage(symbol)
            case (nil, let image?): bound.icon = .templateImage(image)
            case (nil, nil): break
            case (.some, .some):
                messages.append(
                    CategoryFormMessage(
                        field: .icon(row), severity: .error,
                        text: "An action has one icon: give an SF Symbol name or an app image, not both."))
            }
            category.actions.append(bound)
            rows.append(row)
        }
        category.intentIdentifiers = intentIdentifiers.split { $0 == "," || $0.isWhitespace }.map(String.init)
        category.options = options
        category.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder.nonEmpty
        category.categorySummaryFormat = categorySummaryFormat.nonEmpty
        return CategoryFormBinding(category: category, rowOfAction: rows, messages: messages)
    }
}

extension String {
    /// The text, or nil when it is empty: an empty optional field of the form is an absent one.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

extension CategoryFormBinding {
    /// Every message for the form: the binding's own, then the problems of the whole registry
    /// with this category in it (`others` are the other categories). The category is checked
    /// last so that every clash with another category is reported on it.
    ///
    /// A case collision (`Message` next to `message`) is only a warning in a config file, where
    /// it may be deliberate; typed into the form it is almost always a slip, so it is refused.
    func messages(amid others: [NotificationCategory]) -> [CategoryFormMessage] {
        let config = CategoryConfig(categories: others + [category])
        let prefix = JSONPath.appending(
            index: others.count, to: JSONPath.appending(key: "categories", to: JSONPath.root))
        let problems = config.problems().map { problem in
            var problem = problem
            if problem.code == CategoryDiagnosticCode.caseCollision.rawValue {
                problem.severity = .error
            }
            return problem
        }
        // "new", "." and ".." are refused by `CategoryLimits` like in the API, on the identifier.
        return messages + CategoryFormMessage.placing(problems, under: prefix, rowOfAction: rowOfAction)
    }
}
