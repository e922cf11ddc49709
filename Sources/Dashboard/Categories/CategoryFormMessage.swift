import JSON
import NotificationKit

/// One finding shown next to the form field it is about.
struct CategoryFormMessage: Sendable, Equatable {
    /// The field the message belongs to.
    let field: CategoryFormField
    /// Errors block the save; warnings are shown and the save goes on.
    let severity: Severity
    /// The sentence shown.
    let text: String
}

/// A place in the category form a message can be shown at.
enum CategoryFormField: Sendable, Hashable {
    /// The form as a whole (shown in the summary only).
    case form
    /// "Identifier".
    case identifier
    /// The category options.
    case options
    /// "Intent identifiers".
    case intentIdentifiers
    /// "Hidden previews placeholder".
    case hiddenPreviewsBodyPlaceholder
    /// "Summary format".
    case categorySummaryFormat
    /// The action rows as a whole ("Add action").
    case actions
    /// One action row as a whole.
    case action(Int)
    /// "Action identifier" of a row.
    case actionIdentifier(Int)
    /// "Action title" of a row.
    case actionTitle(Int)
    /// "Button title" of a row's text input.
    case buttonTitle(Int)
    /// The icon fields of a row.
    case icon(Int)

    /// The field a diagnostic path points at. `prefix` is the category's own path (`$` or
    /// `$.categories[3]`); `rowOfAction` maps action indices to form rows. Paths elsewhere or
    /// that the form has no field for go to `.form`.
    init(path: String, under prefix: String, rowOfAction: [Int]) {
        guard path.hasPrefix(prefix) else {
            self = .form
            return
        }
        let rest = path.dropFirst(prefix.count)
        switch rest {
        case ".identifier": self = .identifier
        case ".hiddenPreviewsBodyPlaceholder": self = .hiddenPreviewsBodyPlaceholder
        case ".categorySummaryFormat": self = .categorySummaryFormat
        case ".actions": self = .actions
        default:
            if rest.hasPrefix(".options") {
                self = .options
            } else if rest.hasPrefix(".intentIdentifiers") {
                self = .intentIdentifiers
            } else if rest.hasPrefix(".actions[") {
                self = Self.actionField(rest.dropFirst(".actions[".count), rowOfAction: rowOfAction)
            } else {
                self = .form
            }
        }
    }

    /// `3].title` and the like: the field of the row action 3 came from.
    private static func actionField(_ rest: Substring, rowOfAction: [Int]) -> CategoryFormField {
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close]),
            rowOfAction.indices.contains(index)
        else { return .form }
        let row = rowOfAction[index]
        let member = rest[rest.index(after: close)...]
        if member == ".identifier" { return .actionIdentifier(row) }
        if member == ".title" { return .actionTitle(row) }
        if member.hasPrefix(".textInput") { return .buttonTitle(row) }
        if member.hasPrefix(".icon") { return .icon(row) }
        return .action(row)
    }

    /// Where the field comes on the page, so the summary lists messages in reading order.
    var pageOrder: Int {
        let afterRows = 1 << 40
        return switch self {
        case .form: 0
        case .identifier: 1
        case .action(let row): 100 + row * 10
        case .actionIdentifier(let row): 101 + row * 10
        case .actionTitle(let row): 102 + row * 10
        case .buttonTitle(let row): 103 + row * 10
        case .icon(let row): 104 + row * 10
        case .actions: afterRows
        case .options: afterRows + 1
        case .hiddenPreviewsBodyPlaceholder: afterRows + 2
        case .categorySummaryFormat: afterRows + 3
        case .intentIdentifiers: afterRows + 4
        }
    }

    /// The `id` of the control (or group) the message is shown next to.
    var elementID: String {
        switch self {
        case .form: "category-form"
        case .identifier: "category-identifier"
        case .options: "category-options"
        case .intentIdentifiers: "category-intent-identifiers"
        case .hiddenPreviewsBodyPlaceholder: "category-hidden-previews-placeholder"
        case .categorySummaryFormat: "category-summary-format"
        case .actions: "action-rows"
        case .action(let row): "action-\(row)"
        case .actionIdentifier(let row): "action-\(row)-identifier"
        case .actionTitle(let row): "action-\(row)-title"
        case .buttonTitle(let row): "action-\(row)-button-title"
        case .icon(let row): "action-\(row)-icon"
        }
    }
}

extension CategoryFormMessage {
    /// The messages for `category`'s diagnostics among `diagnostics`, placed on their fields.
    static func placing(
        _ diagnostics: [Diagnostic], under prefix: String, rowOfAction: [Int]
    ) -> [CategoryFormMessage] {
        diagnostics.compactMap { diagnostic in
            let path = diagnostic.path
            guard path == prefix || path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[") else {
                return nil
            }
            return CategoryFormMessage(
                field: CategoryFormField(path: path, under: prefix, rowOfAction: rowOfAction),
                severity: diagnostic.severity, text: diagnostic.message)
        }
    }
}
