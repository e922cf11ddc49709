import JSON

/// What the `aps` walk learned about a payload that the push-type checks need afterwards.
struct PayloadFacts {
    /// The `aps` member, when the payload has one.
    var aps: JSONView.Member?
    /// True when `aps` is a dictionary.
    var apsIsObject = false
    /// The `aps` members in order, for the combination checks (a handful: a list beats hashing).
    var apsMembers: JSONView.Members?
    /// True when the alert shows text (a non-empty string, or a dictionary with a non-empty title,
    /// subtitle, body or loc-key): the condition for the service extension to run, and what makes
    /// an `alert` member count as content of an alert push.
    var alertHasText = false
    /// The numeric value of `content-available`, when it is a number.
    var contentAvailable: Double?
    /// The numeric value of `mutable-content`, when it is a number.
    var mutableContent: Double?
    /// The `interruption-level` string, when it is one.
    var interruptionLevel: String?
    /// The `event` string (Live Activity), when it is one.
    var event: String?
    /// The `sound` dictionary's `critical` member, when the sound asks for a critical alert.
    var criticalSound: JSONView.Member?

    /// The `alert`, `sound`, `badge` and `mutable-content` members the walk met (the last of
    /// each, with duplicates): the push-type checks ask for these four for every payload, and
    /// looking each up again among the members cost about 900 instructions a payload.
    private var alertMember: KnownMember?
    private var soundMember: KnownMember?
    private var badgeMember: KnownMember?
    private var mutableContentMember: KnownMember?

    /// Where an Apple-defined `aps` member sits and the JSON type of its value.
    struct KnownMember {
        /// Where the value is written.
        let valueSpan: JSONSpan
        /// The JSON type of the value.
        let valueKind: JSONDocument.Kind
    }

    /// Notes the Apple-defined `aps` member `key` with value `value`, met by the walk over
    /// `aps` in document order (so the last one of a key is what stays).
    mutating func met(_ key: APSKey, value: JSONView) {
        switch key {
        case .alert: alertMember = KnownMember(valueSpan: value.span, valueKind: value.kind)
        case .sound: soundMember = KnownMember(valueSpan: value.span, valueKind: value.kind)
        case .badge: badgeMember = KnownMember(valueSpan: value.span, valueKind: value.kind)
        case .mutableContent:
            mutableContentMember = KnownMember(valueSpan: value.span, valueKind: value.kind)
        default: break
        }
    }

    /// Where the Apple-defined `aps` member with this key sits (the last, with duplicates),
    /// once the walk has found `aps` to be a dictionary.
    ///
    /// The four keys asked for every payload come from the walk (`met`); the others are looked
    /// up in place when asked: a list of every member met cost an allocation per payload.
    func known(_ key: APSKey) -> KnownMember? {
        guard apsIsObject else { return nil }
        switch key {
        case .alert: return alertMember
        case .sound: return soundMember
        case .badge: return badgeMember
        case .mutableContent: return mutableContentMember
        default:
            guard let value = aps?.value[key.rawValue] else { return nil }
            return KnownMember(valueSpan: value.span, valueKind: value.kind)
        }
    }

    /// The `aps` member with this key (the last, with duplicates), when there is one.
    func aps(_ key: String) -> JSONView.Member? {
        apsMembers?.last(named: key)
    }
}

extension JSONDocument.Kind {
    /// How a message names a JSON type ("a string", "an array"): the one wording for values
    /// read in place and values in a tree.
    var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

extension JSONView.Value {
    /// How a message names the JSON type of this value ("a string", "an array").
    var typeDescription: String {
        kind.typeDescription
    }

    /// The value as a double, when it is a number.
    var doubleValue: Double? {
        numberValue?.doubleValue
    }
}

extension JSONValue {
    /// How a message names the JSON type of this value ("a string", "an array").
    var typeDescription: String {
        kind.typeDescription
    }

    /// The value as a double, when it is a number.
    var doubleValue: Double? {
        numberValue?.doubleValue
    }
}
