import JSON

/// `aps.sound`: a sound file name, or the dictionary that makes a critical alert
/// (apns-rules.md §3, §5).
public enum NotificationSound: Sendable, Hashable {
    /// A sound file in the app bundle or `Library/Sounds`, or `"default"`.
    case named(String)
    /// The critical-alert dictionary.
    case critical(CriticalSound)

    /// The sound file name, whichever form carries it.
    public var name: String? {
        switch self {
        case .named(let name): name
        case .critical(let sound): sound.name
        }
    }
}

/// The sound dictionary `{"critical": 1, "name": "…", "volume": 0.5}`; each field is nil when
/// absent or of the wrong type (the binding reported it).
public struct CriticalSound: Sendable, Hashable {
    /// `critical`: `1` enables the critical alert.
    public var critical: Int?
    /// `name`: a file name or `"default"`.
    public var name: String?
    /// `volume`: 0 (silent) to 1 (full).
    public var volume: Double?

    /// A critical sound from its fields.
    public init(critical: Int? = nil, name: String? = nil, volume: Double? = nil) {
        self.critical = critical
        self.name = name
        self.volume = volume
    }
}

extension NotificationSound {
    /// Binds `aps.sound`; unknown keys of the dictionary are left to the validator.
    static func bind(_ node: JSONNode, at path: String, with binder: inout ModelBinder) -> NotificationSound?
    {
        switch node.value {
        case .string(let name):
            return .named(name)
        case .object(let members):
            var sound = CriticalSound()
            for member in members {
                let memberPath = FieldPath(parent: path, key: member.key)
                guard let key = SoundKey.named(member.key) else { continue }
                switch key {
                case .critical: sound.critical = binder.integer(member.value, at: memberPath.path)
                case .name: sound.name = binder.string(member.value, at: memberPath.path)
                case .volume: sound.volume = binder.double(member.value, at: memberPath.path)
                }
            }
            return .critical(sound)
        default:
            binder.wrongType(node, at: path, expected: "a string or a sound dictionary")
            return nil
        }
    }
}

/// The sound dictionary keys the model binds.
enum SoundKey: String, CaseIterable, Sendable {
    case critical
    case name
    case volume

    private static let table = KeyTable(SoundKey.self)

    /// The key spelled exactly `name`, byte for byte.
    static func named(_ name: String) -> SoundKey? {
        table.key(named: name)
    }
}
