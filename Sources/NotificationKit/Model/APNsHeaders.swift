/// The APNs request headers of one notification, kept as the raw strings the client sent so
/// the validator can report exactly what was wrong; typed accessors give the parsed values.
public struct APNsHeaders: Sendable, Hashable {
    /// The header names this model knows, in the order exports write them; `value(at:)` and
    /// `set(_:forLowercasedName:)` map each position to its field.
    public static let names = [
        "apns-push-type", "apns-priority", "apns-topic", "apns-collapse-id", "apns-expiration", "apns-id",
        "apns-channel-id",
    ]

    /// `apns-push-type`, as sent.
    public var pushType: String?
    /// `apns-priority`, as sent.
    public var priority: String?
    /// `apns-topic`, as sent.
    public var topic: String?
    /// `apns-collapse-id`, as sent.
    public var collapseID: String?
    /// `apns-expiration`, as sent.
    public var expiration: String?
    /// `apns-id`, as sent.
    public var apnsID: String?
    /// `apns-channel-id`, as sent: the channel of a broadcast (iOS 18), which makes the request a
    /// broadcast to `/4/broadcasts/apps/<bundle ID>` instead of a push to one device.
    public var channelID: String?

    /// Headers from their raw values; nil means the header is not sent.
    public init(
        pushType: String? = nil, priority: String? = nil, topic: String? = nil, collapseID: String? = nil,
        expiration: String? = nil, apnsID: String? = nil
    ) {
        self.pushType = pushType
        self.priority = priority
        self.topic = topic
        self.collapseID = collapseID
        self.expiration = expiration
        self.apnsID = apnsID
    }

    /// Headers from a name → value map (HTTP request headers, CLI options); names are matched
    /// case-insensitively and names this model does not know are ignored.
    public init(fields: [String: String]) {
        self.init()
        for (name, value) in fields {
            self[name] = value
        }
    }

    /// Headers from a map whose names are already lowercase, as the validator's are (the HTTP,
    /// envelope and command-line readers lowercase them); other names are ignored.
    ///
    /// One pass over the map's few entries: looking each of the seven names up in it hashed
    /// every name for every payload checked (~5 000 instructions a request).
    init(lowercasedFields fields: [String: String]) {
        self.init()
        for (name, value) in fields {
            set(value, forLowercasedName: name)
        }
    }

    /// The value of a header by name (case-insensitive); nil for unknown names.
    public subscript(name: String) -> String? {
        get {
            Self.names.firstIndex(of: name.lowercased()).flatMap { value(at: $0) }
        }
        set {
            set(newValue, forLowercasedName: name.lowercased())
        }
    }

    private mutating func set(_ value: String?, forLowercasedName name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return }
        switch index {
        case 0: pushType = value
        case 1: priority = value
        case 2: topic = value
        case 3: collapseID = value
        case 4: expiration = value
        case 5: apnsID = value
        case 6: channelID = value
        default: break
        }
    }

    /// The headers that are set, in the order of `names`.
    public var fields: [(name: String, value: String)] {
        Self.names.indices.compactMap { index in value(at: index).map { (Self.names[index], $0) } }
    }

    /// The value of `names[index]`, the one map from positions to fields (`set` is its
    /// inverse): the validator reads by position, with no name to lowercase and look for.
    func value(at index: Int) -> String? {
        switch index {
        case 0: pushType
        case 1: priority
        case 2: topic
        case 3: collapseID
        case 4: expiration
        case 5: apnsID
        case 6: channelID
        default: nil
        }
    }

    /// Whether no header is set.
    var isEmpty: Bool {
        pushType == nil && priority == nil && topic == nil && collapseID == nil && expiration == nil
            && apnsID == nil && channelID == nil
    }

    /// The headers as a name → value map, for code that takes one.
    public var dictionary: [String: String] {
        Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The push type in effect: the header's value, `alert` when it is absent, nil when the
    /// header holds something APNs does not know.
    public var resolvedPushType: APNsPushType? {
        guard let pushType else { return .default }
        return APNsPushType(rawValue: pushType)
    }

    /// The priority as a number, when the header is a plain integer.
    public var priorityValue: Int? {
        priority.flatMap { Self.plainInteger($0) }.flatMap { Int(exactly: $0) }
    }

    /// The priority in effect: the header's value, 10 when it is absent (apns-rules.md §6).
    public var effectivePriority: Int? {
        priority == nil ? 10 : priorityValue
    }

    /// The expiration as UNIX seconds, when the header is a plain integer.
    public var expirationValue: Int64? {
        expiration.flatMap { Self.plainInteger($0) }
    }

    /// The collapse id's size in UTF-8 bytes, the unit APNs limits (64).
    public var collapseIDByteCount: Int? {
        collapseID?.utf8.count
    }

    /// True when `apns-id` is a canonical lowercase 8-4-4-4-12 UUID.
    public var hasCanonicalAPNsID: Bool {
        guard let apnsID else { return false }
        let bytes = Array(apnsID.utf8)
        guard bytes.count == 36 else { return false }
        for (position, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                else { return false }
            }
        }
        return true
    }

    /// Digits with an optional leading `-`, nothing else (no `+`, spaces, fractions).
    private static func plainInteger(_ text: String) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int64(text)
    }
}
