import JSON

/// The `aps` dictionary, every Apple-defined key of apns-rules.md §3 typed. A field is nil when
/// the key is absent or its value has the wrong type (the binding reported it); `source` keeps
/// the tree so the validator can point at spans.
public struct APSDictionary: Sendable, Hashable {
    /// The `aps` value as read (an empty span when made in code).
    public var source: JSONNode
    /// `alert`: what the notification shows.
    public var alert: NotificationAlert?
    /// `badge`: the app icon number; 0 removes it.
    public var badge: Int?
    /// `sound`: a file name or the critical-alert dictionary.
    public var sound: NotificationSound?
    /// `thread-id`.
    public var threadID: String?
    /// `category`: the registered UNNotificationCategory whose actions are shown.
    public var category: String?
    /// `content-available`.
    public var contentAvailable: Int?
    /// `mutable-content`.
    public var mutableContent: Int?
    /// `target-content-id`.
    public var targetContentID: String?
    /// `interruption-level`, as written; see `interruptionLevelValue`.
    public var interruptionLevel: String?
    /// `relevance-score`.
    public var relevanceScore: Double?
    /// `filter-criteria`.
    public var filterCriteria: String?
    /// `stale-date`, UNIX seconds.
    public var staleDate: Double?
    /// `content-state`, verbatim.
    public var contentState: JSONNode?
    /// `timestamp`, UNIX seconds.
    public var timestamp: Double?
    /// `event`, as written; see `eventValue`.
    public var event: String?
    /// `dismissal-date`, UNIX seconds.
    public var dismissalDate: Double?
    /// `attributes-type`.
    public var attributesType: String?
    /// `attributes`, verbatim.
    public var attributes: JSONNode?
    /// `content-changed` (widgets and controls pushes).
    public var contentChanged: Bool?
    /// Members of `aps` that are not Apple-defined keys (legacy keys, misspellings, custom data
    /// put in the wrong place), verbatim and in order.
    public var otherMembers: [JSONMember]

    /// An empty `aps` dictionary made in code.
    public init(source: JSONNode = JSONNode(.object([]))) {
        self.source = source
        self.otherMembers = []
    }

    /// `interruption-level` when it is one of Apple's four values.
    public var interruptionLevelValue: InterruptionLevel? {
        interruptionLevel.flatMap(InterruptionLevel.init(rawValue:))
    }

    /// `event` when it is one of the Live Activity events.
    public var eventValue: LiveActivityEvent? {
        event.flatMap(LiveActivityEvent.init(rawValue:))
    }
}

/// The values of `aps.interruption-level` (hyphenated, not the Swift case names).
public enum InterruptionLevel: String, Sendable, Hashable, CaseIterable {
    /// Added silently, no sound or wake.
    case passive
    /// The default: sound and lights.
    case active
    /// Breaks through Focus and scheduled summaries.
    case timeSensitive = "time-sensitive"
    /// Plays even when muted; needs Apple's entitlement.
    case critical
}

/// The values of `aps.event` for Live Activity pushes.
public enum LiveActivityEvent: String, Sendable, Hashable, CaseIterable {
    /// Starts a Live Activity (iOS 17.2+).
    case start
    /// Updates the content state.
    case update
    /// Ends the activity.
    case end
}

extension APSDictionary {
    /// Binds the `aps` object at `path`, field by field.
    static func bind(_ node: JSONNode, at path: String, with binder: inout ModelBinder) -> APSDictionary? {
        guard case .object(let members) = node.value else {
            binder.wrongType(node, at: path, expected: "an object")
            return nil
        }
        var aps = APSDictionary(source: node)
        for member in members {
            let memberPath = FieldPath(parent: path, key: member.key)
            let value = member.value
            guard let key = APSKey.named(member.key) else {
                aps.otherMembers.append(member)
                continue
            }
            switch key {
            case .alert: aps.alert = NotificationAlert.bind(value, at: memberPath.path, with: &binder)
            case .badge: aps.badge = binder.integer(value, at: memberPath.path)
            case .sound: aps.sound = NotificationSound.bind(value, at: memberPath.path, with: &binder)
            case .threadId: aps.threadID = binder.string(value, at: memberPath.path)
            case .category: aps.category = binder.string(value, at: memberPath.path)
            case .contentAvailable: aps.contentAvailable = binder.integer(value, at: memberPath.path)
            case .mutableContent: aps.mutableContent = binder.integer(value, at: memberPath.path)
            case .targetContentId: aps.targetContentID = binder.string(value, at: memberPath.path)
            case .interruptionLevel: aps.interruptionLevel = binder.string(value, at: memberPath.path)
            case .relevanceScore: aps.relevanceScore = binder.double(value, at: memberPath.path)
            case .filterCriteria: aps.filterCriteria = binder.string(value, at: memberPath.path)
            case .staleDate: aps.staleDate = binder.double(value, at: memberPath.path)
            case .contentState: aps.contentState = binder.object(value, at: memberPath.path)
            case .timestamp: aps.timestamp = binder.double(value, at: memberPath.path)
            case .event: aps.event = binder.string(value, at: memberPath.path)
            case .dismissalDate: aps.dismissalDate = binder.double(value, at: memberPath.path)
            case .attributesType: aps.attributesType = binder.string(value, at: memberPath.path)
            case .attributes: aps.attributes = binder.object(value, at: memberPath.path)
            case .contentChanged: aps.contentChanged = binder.bool(value, at: memberPath.path)
            }
        }
        return aps
    }
}

/// The Apple-defined `aps` keys the model binds, looked up by hash rather than by a chain of
/// string comparisons (the binding runs once per payload in `--jsonl` pipelines).
enum APSKey: String, CaseIterable, Sendable {
    case alert
    case badge
    case sound
    case threadId = "thread-id"
    case category
    case contentAvailable = "content-available"
    case mutableContent = "mutable-content"
    case targetContentId = "target-content-id"
    case interruptionLevel = "interruption-level"
    case relevanceScore = "relevance-score"
    case filterCriteria = "filter-criteria"
    case staleDate = "stale-date"
    case contentState = "content-state"
    case timestamp
    case event
    case dismissalDate = "dismissal-date"
    case attributesType = "attributes-type"
    case attributes
    case contentChanged = "content-changed"

    private static let table = KeyTable(APSKey.self)

    /// The JSON path of the `aps` dictionary.
    static let containerPath = JSONPath.appending(key: "aps", to: JSONPath.root)

    /// The JSON path of every key's member of `aps`, in the order of `allCases`.
    private static let paths = allCases.map { JSONPath.appending(key: $0.rawValue, to: containerPath) }

    /// The JSON path of this key's member of `aps` (`$.aps.category`), made once.
    var path: String {
        // A linear search over the cases' tags: far cheaper than building the path again.
        Self.paths[Self.allCases.firstIndex(of: self) ?? 0]
    }

    /// The key spelled exactly `name`, byte for byte.
    static func named(_ name: String) -> APSKey? {
        table.key(named: name)
    }

    /// The key whose UTF-8 is exactly `bytes` (a member name read in place).
    static func named(bytes: UnsafeBufferPointer<UInt8>) -> APSKey? {
        table.key(bytes: bytes)
    }
}
