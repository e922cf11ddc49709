/// Builds a JSON object member by member in code (reports, previews, API answers), so nobody
/// writes JSON by string concatenation. Order of `set` calls is the order written.
///
/// ```swift
/// var object = JSONObjectBuilder()
/// object.set("valid", false)
/// object.set("size", JSONObjectBuilder().setting("bytes", 4120).value)
/// let text = JSONWriter().string(object.value)
/// ```
public struct JSONObjectBuilder: Sendable {
    /// The members so far, in order.
    public private(set) var members: [JSONMember] = []

    /// An empty object.
    public init() {}

    /// The object built so far.
    public var value: JSONValue { .object(members) }

    /// Sets `key` to `value`, replacing an earlier member with that key in place.
    public mutating func set(_ key: String, _ value: JSONValue) {
        let member = JSONMember(
            key: key, keySpan: JSONSpan(start: 0, end: 0, line: 1, column: 1), value: JSONNode(value))
        if let existing = members.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
            members[existing] = member
        } else {
            members.append(member)
        }
    }

    /// Sets `key` to a string; nil leaves the key out.
    public mutating func set(_ key: String, _ text: String?) {
        if let text { set(key, .string(text)) }
    }

    /// Sets `key` to an integer; nil leaves the key out.
    public mutating func set(_ key: String, _ number: Int?) {
        if let number { set(key, .int(number)) }
    }

    /// Sets `key` to a double (non-finite values are written as `null`); nil leaves the key out.
    public mutating func set(_ key: String, _ number: Double?) {
        if let number { set(key, .double(number)) }
    }

    /// Sets `key` to a boolean; nil leaves the key out.
    public mutating func set(_ key: String, _ flag: Bool?) {
        if let flag { set(key, .bool(flag)) }
    }

    /// This object with `key` set, for chaining.
    public func setting(_ key: String, _ value: JSONValue) -> JSONObjectBuilder {
        var copy = self
        copy.set(key, value)
        return copy
    }
}

extension JSONValue {
    /// An integer number.
    public static func int(_ value: Int) -> JSONValue {
        .number(
            JSONNumber(
                literal: String(value), isInteger: true, doubleValue: Double(value), int64Value: Int64(value))
        )
    }

    /// A double number; `NaN` and infinities have no JSON form and become `null`.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 {
            return .number(
                JSONNumber(
                    literal: String(Int64(value)), isInteger: true, doubleValue: value,
                    int64Value: Int64(value)))
        }
        return .number(JSONNumber(literal: "\(value)", isInteger: false, doubleValue: value, int64Value: nil))
    }

    /// An array of values made in code.
    public static func list(_ values: [JSONValue]) -> JSONValue {
        .array(values.map { JSONNode($0) })
    }

    /// An object from ordered key–value pairs made in code.
    public static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        var builder = JSONObjectBuilder()
        for (key, value) in pairs { builder.set(key, value) }
        return builder.value
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral, ExpressibleByFloatLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `"text"` in code is a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `42` in code is a JSON number.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `true` in code is a JSON boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `nil` in code is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `0.5` in code is a JSON number.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `[…]` in code is a JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .list(elements) }
    /// `["key": value, …]` in code is a JSON object with the keys in written order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var builder = JSONObjectBuilder()
        for (key, value) in elements { builder.set(key, value) }
        self = builder.value
    }
}
