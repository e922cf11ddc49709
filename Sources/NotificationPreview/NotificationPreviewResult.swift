/// The preview of one notification on one device: every requested surface, laid out line by
/// line. Serialise it with `json(report:)` or draw it with `textPicture()`.
public struct NotificationPreviewResult: Sendable, Hashable {
    /// The device previewed.
    public var device: DeviceID
    /// The device's screen width in points.
    public var deviceWidth: Double
    /// Whether previews were hidden (Settings › Notifications › Show Previews).
    public var hiddenPreviews: Bool
    /// The surfaces, in the order they were asked for.
    public var surfaces: [SurfacePreview]
    /// Plain-language remarks a person should read with the picture (localized text, an
    /// unregistered category, CarPlay rules…).
    public var notes: [String]
    /// Which iOS the expanded view follows (compact surfaces are iOS 15–18's in both).
    public var version: PreviewVersion = .default
}

/// One surface (banner, Lock Screen, Notification Center, expanded) of a preview.
public struct SurfacePreview: Sendable, Hashable {
    /// Which surface this is.
    public var surface: Surface
    /// The title line (the app name when the payload has no title).
    public var title: FieldLayout
    /// The subtitle line.
    public var subtitle: FieldLayout
    /// The body lines.
    public var body: FieldLayout
    /// The timestamp text, top-trailing in compact form, in the header when expanded.
    public var timestamp: String
    /// The expanded header's app name (uppercased); nil on compact surfaces.
    public var header: String?
    /// Where the media attachment is drawn, if it is.
    public var media: MediaPlacement?
    /// The action buttons shown, in order.
    public var actions: [ActionPreview]
    /// Height of the platter in points.
    public var height: Double
    /// The part of the platter visible without scrolling (expanded only).
    public var visibleHeight: Double?
    /// Whether the expanded platter scrolls (expanded only).
    public var scrolls: Bool?
    /// Body lines fully visible before scrolling (expanded only).
    public var visibleBodyLines: Int?
    /// How much smaller than laid out the platter is drawn: iOS 17–18 shows the long-press
    /// view of a notification without media as the compact platter scaled to about 0.9.
    public var scale: Double? = nil
}

/// Where and how big a media attachment is drawn.
public struct MediaPlacement: Sendable, Hashable {
    /// Where the attachment sits in the layout.
    public enum Placement: String, Sendable {
        /// A 32 pt aspect-fit thumbnail at the top-trailing corner (compact).
        case thumbnail
        /// The full platter width above the text (expanded).
        case fullWidth
        /// An audio player row (expanded).
        case player
    }

    /// "image", "video" or "audio".
    public var kind: String
    /// Where it is drawn.
    public var placement: Placement
    /// Drawn width in points.
    public var width: Double
    /// Drawn height in points.
    public var height: Double
    /// Width ÷ height used for the layout.
    public var aspectRatio: Double?
    /// True when the aspect ratio was not known and 2:1 (the vendors' advice) was assumed.
    public var aspectRatioAssumed: Bool
}

/// One action button as the platform shows it.
public struct ActionPreview: Sendable, Hashable {
    /// The action identifier.
    public var identifier: String
    /// The button title as shown.
    public var title: String
    /// "default" or "destructive" (drawn in red).
    public var style: String
    /// Whether choosing it opens a text field.
    public var textInput: Bool
    /// The text field's placeholder, for a text-input action.
    public var textInputPlaceholder: String?
    /// The text field's send button, for a text-input action.
    public var textInputButtonTitle: String?
    /// Whether the device must be unlocked first.
    public var authenticationRequired: Bool
    /// Whether choosing it opens the app.
    public var foreground: Bool
    /// The SF Symbol or template image name, if any.
    public var iconName: String?
}
