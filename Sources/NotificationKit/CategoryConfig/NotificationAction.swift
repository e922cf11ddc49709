/// One UNNotificationAction, or a UNTextInputNotificationAction when `textInput` is set.
public struct NotificationAction: Sendable, Hashable {
    /// What the app's delegate receives as `actionIdentifier`.
    public var identifier: String
    /// The button text.
    public var title: String
    /// Action options.
    public var options: Set<ActionOption>
    /// The text field of a text-input action.
    public var textInput: TextInput?
    /// The button's icon (iOS 15+).
    public var icon: ActionIcon?
    /// Where the action was read from.
    public var location: ModelSourceLocation

    /// An action from its fields.
    public init(
        identifier: String, title: String, options: Set<ActionOption> = [], textInput: TextInput? = nil,
        icon: ActionIcon? = nil, location: ModelSourceLocation = ModelSourceLocation()
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
        self.icon = icon
        self.location = location
    }
}

/// UNNotificationActionOptions, by their Swift names.
public enum ActionOption: String, Sendable, Hashable, CaseIterable {
    /// Opens the app.
    case foreground
    /// Drawn in red: the action deletes or cannot be undone.
    case destructive
    /// The device must be unlocked first.
    case authenticationRequired
}

/// The text field of a UNTextInputNotificationAction.
public struct TextInput: Sendable, Hashable {
    /// `textInputButtonTitle`: the send button; nil when the config leaves it out (an error).
    public var buttonTitle: String?
    /// `textInputPlaceholder`: the hint in the empty field.
    public var placeholder: String?

    /// A text field from its fields.
    public init(buttonTitle: String? = nil, placeholder: String? = nil) {
        self.buttonTitle = buttonTitle
        self.placeholder = placeholder
    }
}

/// UNNotificationActionIcon: an SF Symbol or an image in the app bundle.
public enum ActionIcon: Sendable, Hashable {
    /// `UNNotificationActionIcon(systemImageName:)`.
    case systemImage(String)
    /// `UNNotificationActionIcon(templateImageName:)`.
    case templateImage(String)
}
