import NotificationKit
import Templates

/// The category form's "Button preview": the actions as iOS draws them under an expanded
/// notification, in order, destructive ones in red, a text-input action as its text field with
/// the placeholder and send button. The server draws it from the form as posted (so it works
/// without JavaScript); `categories.js` redraws it from the fields as the person types.
extension CategoryFormView {
    /// iOS shows at most this many actions in the expanded menu (CONTRACT §6).
    static let shownActionLimit = 10

    /// `buttonPreview`: `{any, buttons: [{title, destructive, textInput, placeholder,
    /// buttonTitle, foreground, authenticationRequired}], hidden}`; untitled rows are left out.
    func buttonPreviewValue() -> TemplateValue {
        let titled = form.actions.filter { !$0.title.trimmingCharacters(in: .whitespaces).isEmpty }
        let buttons = titled.prefix(Self.shownActionLimit).map { action -> TemplateValue in
            [
                "title": .string(action.title), "destructive": .bool(action.options.contains(.destructive)),
                "textInput": .bool(action.hasTextInput), "placeholder": .string(action.placeholder),
                "buttonTitle": .string(action.buttonTitle.isEmpty ? "Send" : action.buttonTitle),
                "foreground": .bool(action.options.contains(.foreground)),
                "authenticationRequired": .bool(action.options.contains(.authenticationRequired)),
            ]
        }
        return [
            "any": .bool(!buttons.isEmpty), "buttons": .list(Array(buttons)),
            "hidden": .int(max(0, titled.count - Self.shownActionLimit)),
        ]
    }
}
