import JSON
import NotificationKit

/// Which control of the composer a diagnostic's path points at, so every finding is shown next
/// to the field that causes it.
extension ComposerField {
    /// The `aps` keys whose diagnostics belong to one field (sub-paths included: a sound
    /// dictionary's `critical` is the Sound field's).
    private static let apsPaths: [(path: String, field: ComposerField)] = [
        ("$.aps.alert.title-loc-key", .titleLocKey), ("$.aps.alert.title-loc-args", .titleLocArgs),
        ("$.aps.alert.subtitle-loc-key", .subtitleLocKey),
        ("$.aps.alert.subtitle-loc-args", .subtitleLocArgs),
        ("$.aps.alert.loc-key", .bodyLocKey), ("$.aps.alert.loc-args", .bodyLocArgs),
        ("$.aps.alert.title", .title), ("$.aps.alert.subtitle", .subtitle), ("$.aps.alert.body", .body),
        ("$.aps.category", .category), ("$.aps.thread-id", .threadID), ("$.aps.badge", .badge),
        ("$.aps.sound", .sound), ("$.aps.interruption-level", .interruptionLevel),
        ("$.aps.relevance-score", .relevanceScore), ("$.aps.mutable-content", .mutableContent),
    ]

    /// The field a diagnostic at `path` belongs to: a header field for `header:…`, the media URL
    /// field for its key, custom data for any other member beside `aps`, and "Raw JSON" for the
    /// rest of `aps` and for the payload as a whole.
    static func field(forPath path: String, mediaKey: String?) -> ComposerField {
        if path.hasPrefix("header:") {
            let name = path.dropFirst("header:".count).lowercased()
            return headerFields.first { $0.headerName == name } ?? .rawJSON
        }
        for (prefix, field) in apsPaths where path == prefix || path.hasPrefix(prefix + ".") {
            return field
        }
        if path == "$.aps.alert" { return .body }
        if path == "$" || path == "$.aps" || path.hasPrefix("$.aps.") || path.hasPrefix("$.aps[") {
            return .rawJSON
        }
        let mediaPath = JSONPath.appending(key: mediaKey ?? NotificationPayload.mediaURLKeys[0], to: "$")
        if path == mediaPath { return .mediaURL }
        return .customData
    }
}
