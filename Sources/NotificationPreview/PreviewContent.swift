/// Everything the preview needs to know about one notification, independent of how it was
/// parsed: the Dashboard adapts NotificationKit's payload and category registry into this.
public struct PreviewContent: Sendable, Hashable {
    /// `aps.alert.title` (or `title-loc-key`); empty or nil shows the app name instead.
    public var title: PreviewText?
    /// `aps.alert.subtitle` (or `subtitle-loc-key`).
    public var subtitle: PreviewText?
    /// `aps.alert.body` (or `loc-key`), or a string `aps.alert`.
    public var body: PreviewText?
    /// The app's display name: the title when the payload has none, and the expanded header.
    public var appName: String
    /// The timestamp text at the top-trailing corner ("now", "2m ago", "Yesterday, 8:37 AM").
    public var timestamp: String
    /// The media attachment a notification service extension adds.
    public var media: PreviewMedia
    /// What the payload's `category` resolves to in the registry.
    public var category: CategoryResolution
    /// `%u` in the hidden-previews placeholder: notifications in the thread (≥ 1).
    public var threadCount: Int

    /// Creates content; every field but the text has the value a plain alert would have.
    public init(
        title: PreviewText? = nil,
        subtitle: PreviewText? = nil,
        body: PreviewText? = nil,
        appName: String = "App",
        timestamp: String = "now",
        media: PreviewMedia = .none,
        category: CategoryResolution = .none,
        threadCount: Int = 1
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.appName = appName
        self.timestamp = timestamp
        self.media = media
        self.category = category
        self.threadCount = threadCount
    }
}

/// The media attachment of a notification.
public enum PreviewMedia: Sendable, Hashable {
    /// No attachment.
    case none
    /// An image; `aspectRatio` is width ÷ height when known.
    case image(aspectRatio: Double?)
    /// A video; `aspectRatio` is width ÷ height when known.
    case video(aspectRatio: Double?)
    /// An audio clip: no thumbnail, a player in the expanded view.
    case audio

    /// The kind as used in the preview JSON ("image", "video", "audio").
    public var kindName: String? {
        switch self {
        case .none: nil
        case .image: "image"
        case .video: "video"
        case .audio: "audio"
        }
    }
}

/// How the payload's `category` relates to the registered categories.
public enum CategoryResolution: Sendable, Hashable {
    /// The payload names no category.
    case none
    /// The payload names a registered category.
    case registered(PreviewCategory)
    /// The payload names a category the app never registered: iOS shows no buttons.
    case unregistered(identifier: String)

    /// The registered category, if any.
    public var registeredCategory: PreviewCategory? {
        if case .registered(let category) = self { return category }
        return nil
    }
}
