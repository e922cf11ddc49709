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

    /// Where an Apple-defined `aps` member sits and the JSON type of its value.
    struct KnownMember {
        /// Where the value is written.
        let valueSpan: JSONSpan
        /// The JSON type of the value.
        let valueKind: JSONDocument.Kind
    }

    /// Where the Apple-defined `aps` member with this key sits (the last, with duplicates),
    /// once the walk has found `aps` to be a dictionary.
    ///
    /// Looked up in place when asked (a handful of times, after the walk): a list of the members
    /// met, kept during the walk, cost an allocation per payload.
    func known(_ key: APSKey) -> KnownMember? {
        guard apsIsObject, let value = aps?.value[key.rawValue] else { return nil }
        return KnownMember(valueSpan: value.span, valueKind: value.kind)
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
