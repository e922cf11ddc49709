/// A registered notification category (UNNotificationCategory) as far as the preview cares.
public struct PreviewCategory: Sendable, Hashable {
    /// The category identifier.
    public var identifier: String
    /// The actions, in the order iOS shows them.
    public var actions: [PreviewAction]
    /// `allowInCarPlay`: CarPlay shows the notification's actions only with it.
    public var allowsInCarPlay: Bool
    /// `hiddenPreviewsShowTitle`: keep the real title when previews are hidden.
    public var hiddenPreviewsShowTitle: Bool
    /// `hiddenPreviewsShowSubtitle`: keep the real subtitle when previews are hidden.
    public var hiddenPreviewsShowSubtitle: Bool
    /// `hiddenPreviewsBodyPlaceholder`, where `%u` stands for the thread count.
    public var hiddenPreviewsBodyPlaceholder: String?

    /// Creates a category; options default to off.
    public init(
        identifier: String,
        actions: [PreviewAction] = [],
        allowsInCarPlay: Bool = false,
        hiddenPreviewsShowTitle: Bool = false,
        hiddenPreviewsShowSubtitle: Bool = false,
        hiddenPreviewsBodyPlaceholder: String? = nil
    ) {
        self.identifier = identifier
        self.actions = actions
        self.allowsInCarPlay = allowsInCarPlay
        self.hiddenPreviewsShowTitle = hiddenPreviewsShowTitle
        self.hiddenPreviewsShowSubtitle = hiddenPreviewsShowSubtitle
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
    }
}

/// One action button (UNNotificationAction or UNTextInputNotificationAction).
public struct PreviewAction: Sendable, Hashable {
    /// The text field a text-input action shows when chosen.
    public struct TextInput: Sendable, Hashable {
        /// `textInputButtonTitle`, the send button.
        public var buttonTitle: String
        /// `textInputPlaceholder`, shown in the empty field.
        public var placeholder: String

        /// Creates the text-input part of an action.
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    /// The action identifier sent back to the app.
    public var identifier: String
    /// The button title.
    public var title: String
    /// `.destructive`: drawn in red.
    public var destructive: Bool
    /// `.authenticationRequired`: the device must be unlocked first.
    public var authenticationRequired: Bool
    /// `.foreground`: choosing it opens the app.
    public var foreground: Bool
    /// Present for a UNTextInputNotificationAction.
    public var textInput: TextInput?
    /// SF Symbol or template image name shown beside the title (iOS 15+).
    public var iconName: String?

    /// Creates an action; options default to off.
    public init(
        identifier: String,
        title: String,
        destructive: Bool = false,
        authenticationRequired: Bool = false,
        foreground: Bool = false,
        textInput: TextInput? = nil,
        iconName: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.destructive = destructive
        self.authenticationRequired = authenticationRequired
        self.foreground = foreground
        self.textInput = textInput
        self.iconName = iconName
    }
}
