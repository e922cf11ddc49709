import NotificationKit

extension PreviewContent {
    /// The content of a bound payload, with its `category` resolved case-exactly against the
    /// registry the way iOS does (an unknown or differently cased identifier shows no buttons).
    ///
    /// `registry` nil means no registry was given: a named category is then treated as not
    /// registered, because nothing shows it is.
    public init(payload: NotificationPayload, registry: CategoryConfig?, appName: String = "App") {
        self.init(
            alert: payload.aps?.alert?.content, mediaURL: payload.mediaURL,
            category: Self.resolution(
                of: payload.aps?.category,
                registered: { registry?.category(identifiedBy: $0) }),
            appName: appName)
    }

    /// The content of a bound alert, media URL and category: what every way of making content
    /// from a payload comes down to.
    init(alert: AlertContent?, mediaURL: String?, category: CategoryResolution, appName: String) {
        let media = mediaURL.map(Self.media(forURL:)) ?? PreviewMedia.none
        // Unwrapped once: each `alert?.` of an optional chain copied the whole alert.
        guard let alert else {
            self.init(appName: appName, media: media, category: category)
            return
        }
        self.init(
            title: Self.text(alert.title, key: alert.titleLocKey, arguments: alert.titleLocArgs),
            subtitle: Self.text(alert.subtitle, key: alert.subtitleLocKey, arguments: alert.subtitleLocArgs),
            body: Self.text(alert.body, key: alert.locKey, arguments: alert.locArgs),
            appName: appName, media: media, category: category)
    }

    /// What `identifier` resolves to through `registered` (the registry's case-exact lookup,
    /// nil without a registry: a named category is then treated as not registered, because
    /// nothing shows it is).
    static func resolution(
        of identifier: String?, registered: (String) -> NotificationCategory?
    ) -> CategoryResolution {
        guard let identifier else { return .none }
        guard let category = registered(identifier) else { return .unregistered(identifier: identifier) }
        return .registered(PreviewCategory(category))
    }

    /// A localization key wins over the literal text, as on the device.
    private static func text(_ plain: String?, key: String?, arguments: [String]?) -> PreviewText? {
        if let key { return .localized(key: key, arguments: arguments ?? []) }
        return plain.map(PreviewText.plain)
    }

    /// The attachment kind a notification service extension would make of the URL, by its
    /// file extension (UNNotificationAttachment's supported types); images otherwise.
    static func media(forURL url: String) -> PreviewMedia {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let fileExtension = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch fileExtension {
        case "mp4", "m4v", "mov", "mpg", "mpeg", "avi": return .video(aspectRatio: nil)
        case "mp3", "m4a", "wav", "aif", "aiff", "caf": return .audio
        default: return .image(aspectRatio: nil)
        }
    }
}

extension PreviewCategory {
    /// The preview form of a registered category.
    public init(_ category: NotificationCategory) {
        self.init(
            identifier: category.identifier,
            actions: category.actions.map(PreviewAction.init),
            allowsInCarPlay: category.options.contains(.allowInCarPlay),
            hiddenPreviewsShowTitle: category.options.contains(.hiddenPreviewsShowTitle),
            hiddenPreviewsShowSubtitle: category.options.contains(.hiddenPreviewsShowSubtitle),
            hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder)
    }
}

extension PreviewAction {
    /// The preview form of a registered action; a text-input action without a button title gets
    /// iOS's default "Send".
    public init(_ action: NotificationAction) {
        let iconName: String? =
            switch action.icon {
            case .systemImage(let name), .templateImage(let name): name
            case nil: nil
            }
        self.init(
            identifier: action.identifier, title: action.title,
            destructive: action.options.contains(.destructive),
            authenticationRequired: action.options.contains(.authenticationRequired),
            foreground: action.options.contains(.foreground),
            textInput: action.textInput.map {
                TextInput(buttonTitle: $0.buttonTitle ?? "Send", placeholder: $0.placeholder ?? "")
            },
            iconName: iconName)
    }
}
