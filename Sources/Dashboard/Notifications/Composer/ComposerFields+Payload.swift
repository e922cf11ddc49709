import JSON
import NotificationKit

/// What the form shows of a payload: each field the text of its key, and everything the form has
/// no field for as custom data.
extension ComposerFields {
    /// The `aps` keys the form has a field for, in the order a new payload writes them.
    static let apsFields: [(key: String, field: ComposerField)] = [
        ("badge", .badge), ("sound", .sound), ("thread-id", .threadID), ("category", .category),
        ("interruption-level", .interruptionLevel), ("relevance-score", .relevanceScore),
        ("mutable-content", .mutableContent),
    ]

    /// The alert keys the form has a field for.
    static let alertFields: [(key: String, field: ComposerField)] = [
        ("title", .title), ("subtitle", .subtitle), ("body", .body),
    ]

    /// The localized alert keys ("Localized" mode): each a key of the app's String Catalog.
    static let locKeyFields: [(key: String, field: ComposerField)] = [
        ("title-loc-key", .titleLocKey), ("subtitle-loc-key", .subtitleLocKey), ("loc-key", .bodyLocKey),
    ]

    /// The localized keys' arguments: JSON arrays of strings, one line of the field each.
    static let locArgsFields: [(key: String, field: ComposerField)] = [
        ("title-loc-args", .titleLocArgs), ("subtitle-loc-args", .subtitleLocArgs),
        ("loc-args", .bodyLocArgs),
    ]

    /// Sets the payload fields (not the name, headers or Raw JSON) from a payload's root.
    ///
    /// A value the form cannot show exactly (a sound dictionary, a badge written as a string)
    /// shows as its nearest text; `PayloadComposer` keeps the original whenever the field is
    /// left unchanged, so nothing is lost by showing it.
    mutating func fillPayload(from root: JSONNode?) {
        let aps = root?["aps"]
        let alert = aps?["alert"]
        for (key, field) in Self.alertFields {
            self[field] = alert?[key]?.value.stringValue ?? ""
        }
        if let text = alert?.value.stringValue {
            self[.body] = text
        }
        for (key, field) in Self.locKeyFields {
            self[field] = alert?[key]?.value.stringValue ?? ""
        }
        for (key, field) in Self.locArgsFields {
            self[field] = Self.argumentsText(alert?[key])
        }
        for (key, field) in Self.apsFields {
            self[field] = Self.text(of: aps?[key])
        }
        if case .number(let number) = aps?["mutable-content"]?.value {
            mutableContent = number.int64Value == 1
        } else {
            mutableContent = false
        }
        if case .object(let sound) = aps?["sound"]?.value {
            self[.sound] = sound.first { $0.key == "name" }?.value.value.stringValue ?? ""
        }
        let mediaKey = Self.mediaKey(in: root)
        self[.mediaURL] = mediaKey.flatMap { root?[$0]?.value.stringValue } ?? ""
        self[.customData] = Self.customDataText(Self.customMembers(of: root, mediaKey: mediaKey))
    }

    /// The key of the payload's media member (`NotificationPayload.mediaMember(in:)`, the rule
    /// the validator and the preview use), so the form edits the member they check and draw.
    static func mediaKey(in root: JSONNode?) -> String? {
        NotificationPayload.mediaMember(in: root?.value.objectMembers ?? [])?.key
    }

    /// The top-level members the form shows as custom data: all but `aps` and the media URL.
    static func customMembers(of root: JSONNode?, mediaKey: String?) -> [JSONMember] {
        (root?.value.objectMembers ?? []).filter { $0.key != "aps" && $0.key != mediaKey }
    }

    /// Custom data as the field shows it: a pretty JSON object, or nothing when there is none.
    static func customDataText(_ members: [JSONMember]) -> String {
        members.isEmpty ? "" : JSONWriter(style: .pretty).string(.object(members))
    }

    /// `loc-args` as the field shows them: one argument a line (a non-string element as its JSON).
    static func argumentsText(_ node: JSONNode?) -> String {
        guard let elements = node?.value.arrayElements else { return "" }
        return elements.map { $0.value.stringValue ?? JSONWriter().string($0.value) }.joined(separator: "\n")
    }

    /// A scalar as text: strings as they are, numbers as written, anything else as nothing.
    private static func text(of node: JSONNode?) -> String {
        switch node?.value {
        case .string(let text): text
        case .number(let number): number.literal
        case .bool(let flag): flag ? "true" : "false"
        default: ""
        }
    }
}
