/// One control of the composer form (CONTRACT §7): its form name and the visible label people
/// and browser tests find it by.
enum ComposerField: String, CaseIterable, Sendable {
    case name
    case pushType, priority, topic, collapseID, expiration, apnsID
    case title, subtitle, body
    /// "Localized" mode (issue 27): a key of the app's String Catalog and its string arguments
    /// (one a line) for the title, subtitle and body: `title-loc-key`/`title-loc-args`, …,
    /// `loc-key`/`loc-args`.
    case titleLocKey, titleLocArgs, subtitleLocKey, subtitleLocArgs, bodyLocKey, bodyLocArgs
    case category, threadID, badge, sound, interruptionLevel, relevanceScore, mediaURL, mutableContent
    case customData, rawJSON
    /// The payload text the page last showed in "Raw JSON"; a hidden field, so the server can tell
    /// which side the person edited.
    case renderedRaw

    /// The visible label text, exactly as CONTRACT §7 names it.
    var label: String {
        switch self {
        case .name: "Name"
        case .pushType: "Push type"
        case .priority: "Priority"
        case .topic: "Topic"
        case .collapseID: "Collapse ID"
        case .expiration: "Expiration"
        case .apnsID: "APNs ID"
        case .title: "Title"
        case .subtitle: "Subtitle"
        case .body: "Body"
        case .titleLocKey: "Title key"
        case .titleLocArgs: "Title arguments"
        case .subtitleLocKey: "Subtitle key"
        case .subtitleLocArgs: "Subtitle arguments"
        case .bodyLocKey: "Body key"
        case .bodyLocArgs: "Body arguments"
        case .category: "Category"
        case .threadID: "Thread ID"
        case .badge: "Badge"
        case .sound: "Sound"
        case .interruptionLevel: "Interruption level"
        case .relevanceScore: "Relevance score"
        case .mediaURL: "Media URL"
        case .mutableContent: "Mutable content"
        case .customData: "Custom data (JSON)"
        case .rawJSON: "Raw JSON"
        case .renderedRaw: "Raw JSON as last shown"
        }
    }

    /// The APNs request header a header field stands for; nil for payload fields.
    var headerName: String? {
        switch self {
        case .pushType: "apns-push-type"
        case .priority: "apns-priority"
        case .topic: "apns-topic"
        case .collapseID: "apns-collapse-id"
        case .expiration: "apns-expiration"
        case .apnsID: "apns-id"
        default: nil
        }
    }

    /// The header fields, in the order exports write the headers.
    static let headerFields: [ComposerField] = [
        .pushType, .priority, .topic, .collapseID, .expiration, .apnsID,
    ]
}
