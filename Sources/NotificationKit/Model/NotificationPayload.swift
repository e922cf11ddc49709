import JSON

/// A notification payload bound from the exact bytes that are sent: the typed `aps` dictionary,
/// the custom data beside it (verbatim), and the media URL the service extension downloads.
///
/// Remote payloads have no Apple-defined attachment key (apns-rules.md §9), so the media URL is
/// a custom top-level key: `"media-url"` is Pushboard's own, and `"image"` and
/// `"attachment-url"` are accepted too because common services send those (OneSignal-,
/// Firebase- and Braze-style payloads). `mediaMember(in:)` is the one rule for which one counts.
public struct NotificationPayload: Sendable, Hashable {
    /// Top-level keys read as the media URL, in order of preference.
    public static let mediaURLKeys = ["media-url", "image", "attachment-url"]

    /// The root object as read (an empty span when made in code).
    public var source: JSONNode
    /// The `aps` dictionary; nil when absent or not an object.
    public var aps: APSDictionary?
    /// Every top-level member except `aps`, verbatim and in order (the media URL included).
    public var customData: [JSONMember]
    /// The media URL, when the media member (`mediaMember(in:)`) holds a string.
    public var mediaURL: String?
    /// The key of the media member, even when its value is not a string.
    public var mediaURLKey: String?

    /// A payload made in code.
    public init(aps: APSDictionary? = APSDictionary(), customData: [JSONMember] = [], mediaURL: String? = nil)
    {
        self.source = JSONNode(.object([]))
        self.aps = aps
        self.customData = customData
        self.mediaURL = mediaURL
        self.mediaURLKey = mediaURL == nil ? nil : Self.mediaURLKeys[0]
    }

    /// Binds a payload from a tree. The payload is nil only when the root is not an object;
    /// every field that cannot be bound gives a `model.type` or `model.value` diagnostic. With
    /// duplicate keys (a reader error already) the last one wins, like `JSONValue.member(_:)`.
    public static func bind(_ root: JSONNode) -> (payload: NotificationPayload?, diagnostics: [Diagnostic]) {
        var binder = ModelBinder()
        guard case .object(let members) = root.value else {
            binder.wrongType(root, at: JSONPath.root, expected: "an object")
            return (nil, binder.diagnostics)
        }
        var payload = NotificationPayload(aps: nil)
        payload.source = root
        for member in members {
            if member.key == "aps" {
                payload.aps = APSDictionary.bind(
                    member.value, at: JSONPath.appending(key: "aps", to: JSONPath.root), with: &binder)
                continue
            }
            payload.customData.append(member)
        }
        if let member = mediaMember(in: members) {
            payload.mediaURLKey = member.key
            payload.mediaURL = binder.string(
                member.value, at: JSONPath.appending(key: member.key, to: JSONPath.root))
        }
        return (payload, binder.diagnostics)
    }

    /// Reads and binds a payload from its exact bytes: the reader's diagnostics, then the
    /// binding's. The payload is nil when the bytes are not structurally JSON or not an object.
    /// Request paths use `PayloadAnalysis`, which also validates, from the same read.
    public static func read(_ bytes: some Collection<UInt8>) -> (
        payload: NotificationPayload?, diagnostics: [Diagnostic]
    ) {
        let result = JSONReader.apns.read(bytes)
        guard let root = result.root else { return (nil, result.diagnostics) }
        let bound = bind(root)
        return (bound.payload, result.diagnostics + bound.diagnostics)
    }

    /// The one rule for "the media URL": the member of the first of `mediaURLKeys` the payload
    /// has (the last of that key, with duplicates, as everywhere), whatever its value. A value
    /// that is not a string is the validator's `media.type` and shows no media; the composer
    /// edits this same key.
    public static func mediaMember(in members: [JSONMember]) -> JSONMember? {
        mediaMember(in: members, key: \.key)
    }

    /// The same rule over any kind of member (a tree's or a flat document's), named by `key`.
    public static func mediaMember<Member>(in members: [Member], key: (Member) -> String) -> Member? {
        for name in mediaURLKeys {
            if let member = members.last(where: { key($0) == name }) { return member }
        }
        return nil
    }

    /// The same rule over the members of an object read in place, found without building them.
    public static func mediaMember(in members: JSONView.Members) -> JSONView.Member? {
        members.last(namedFirstOf: mediaURLKeys)
    }
}
