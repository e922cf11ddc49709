import NotificationKit

/// The category form as the person typed it: every text kept exactly as sent, so a refused save
/// comes back unchanged, and `binding()` turns it into a `NotificationCategory` field by field.
struct CategoryForm: Sendable, Equatable {
    /// "Identifier": what `aps.category` must equal.
    var identifier = ""
    /// The action rows in the order shown, empty rows included.
    var actions: [CategoryFormAction] = []
    /// "Intent identifiers": Siri intent names separated by commas or spaces.
    var intentIdentifiers = ""
    /// The checked category options.
    var options: Set<CategoryOption> = []
    /// "Hidden previews placeholder".
    var hiddenPreviewsBodyPlaceholder = ""
    /// "Summary format".
    var categorySummaryFormat = ""
    /// The stored category's revision when the form was opened (a hidden field), so a save can
    /// tell that someone else changed the category meanwhile; empty for a new category.
    var revision = ""

    /// An empty form for a new category.
    init() {}

    /// The form showing a stored category, ready to edit.
    init(_ category: NotificationCategory) {
        identifier = category.identifier
        actions = category.actions.map(CategoryFormAction.init)
        intentIdentifiers = category.intentIdentifiers.joined(separator: ", ")
        options = category.options
        hiddenPreviewsBodyPlaceholder = category.hiddenPreviewsBodyPlaceholder ?? ""
        categorySummaryFormat = category.categorySummaryFormat ?? ""
    }

    /// The form after an "Add action" or "Remove action" button; saving leaves it as it is.
    func applying(_ intent: CategoryFormIntent) -> CategoryForm {
        var form = self
        switch intent {
        case .save:
            break
        case .addAction:
            form.actions.append(CategoryFormAction())
        case .removeAction(let position):
            if form.actions.indices.contains(position) {
                form.actions.remove(at: position)
            }
        }
        return form
    }
}

/// One action row of the category form, as typed.
struct CategoryFormAction: Sendable, Equatable {
    /// "Action identifier".
    var identifier = ""
    /// "Action title".
    var title = ""
    /// The checked action options.
    var options: Set<ActionOption> = []
    /// "Text input": makes the action a UNTextInputNotificationAction.
    var hasTextInput = false
    /// "Button title" of the text field; used only with "Text input".
    var buttonTitle = ""
    /// "Placeholder" of the text field; used only with "Text input".
    var placeholder = ""
    /// "Icon (SF Symbol name)".
    var systemImageName = ""
    /// "Icon (image in the app)": a template image of the app bundle.
    var templateImageName = ""

    /// An empty row, as "Add action" adds it.
    init() {}

    /// The row showing a stored action.
    init(_ action: NotificationAction) {
        identifier = action.identifier
        title = action.title
        options = action.options
        hasTextInput = action.textInput != nil
        buttonTitle = action.textInput?.buttonTitle ?? ""
        placeholder = action.textInput?.placeholder ?? ""
        switch action.icon {
        case .systemImage(let name): systemImageName = name
        case .templateImage(let name): templateImageName = name
        case nil: break
        }
    }

    /// Whether nothing was typed or checked: such a row (a fresh "Add action") is not an action.
    var isEmpty: Bool {
        identifier.isEmpty && title.isEmpty && options.isEmpty && !hasTextInput && buttonTitle.isEmpty
            && placeholder.isEmpty && systemImageName.isEmpty && templateImageName.isEmpty
    }
}

/// Which submit button sent the category form.
enum CategoryFormIntent: Sendable, Equatable {
    /// "Save category" (also pressing Enter in a field).
    case save
    /// "Add action": show the form again with one more empty row; nothing is saved.
    case addAction
    /// "Remove action" of the row at this position: show the form again without it.
    case removeAction(Int)
}
