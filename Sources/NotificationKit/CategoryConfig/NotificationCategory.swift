/// One UNNotificationCategory (CONTRACT §5).
public struct NotificationCategory: Sendable, Hashable {
    /// What `aps.category` must equal, exactly.
    public var identifier: String
    /// Actions in display order.
    public var actions: [NotificationAction]
    /// `intentIdentifiers`: Siri intents the notification may relate to.
    public var intentIdentifiers: [String]
    /// Category options.
    public var options: Set<CategoryOption>
    /// `hiddenPreviewsBodyPlaceholder`: the body shown when previews are hidden; `%u` is
    /// replaced by the number of notifications.
    public var hiddenPreviewsBodyPlaceholder: String?
    /// `categorySummaryFormat`: the summary of a notification group; `%u` is the count.
    public var categorySummaryFormat: String?
    /// Where the category was read from.
    public var location: ModelSourceLocation

    /// A category from its fields.
    public init(
        identifier: String, actions: [NotificationAction] = [], intentIdentifiers: [String] = [],
        options: Set<CategoryOption> = [], hiddenPreviewsBodyPlaceholder: String? = nil,
        categorySummaryFormat: String? = nil, location: ModelSourceLocation = ModelSourceLocation()
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
        self.categorySummaryFormat = categorySummaryFormat
        self.location = location
    }
}

/// UNNotificationCategoryOptions, by their Swift names (CONTRACT §5).
public enum CategoryOption: String, Sendable, Hashable, CaseIterable {
    /// Tells the app when the user dismisses the notification.
    case customDismissAction
    /// Shows the category in CarPlay.
    case allowInCarPlay
    /// Shows the title even when previews are hidden.
    case hiddenPreviewsShowTitle
    /// Shows the subtitle even when previews are hidden.
    case hiddenPreviewsShowSubtitle
}
