/// Read access to a tree, used by the model binding and the validator.
extension JSONValue {
    /// The JSON type name for messages: `object`, `array`, `string`, `number`, `boolean`, `null`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The JSON type of this value, as a document names it.
    public var kind: JSONDocument.Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The flag, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The members, when this is an object.
    public var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayElements: [JSONNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The member with exactly this key (bytes compared, no Unicode normalisation), when this
    /// is an object. With duplicate keys (which the reader reports as errors) the last one wins,
    /// as in JavaScript's `JSON.parse` and CPython's `json.loads`; the model binding agrees.
    public func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key.utf8.elementsEqual(key.utf8) }
    }

    /// The value of the member with exactly this key (the last one, with duplicates), when this
    /// is an object.
    public subscript(key: String) -> JSONNode? {
        member(key)?.value
    }
}

extension JSONNode {
    /// A node made in code rather than read from text; its span is empty at offset 0.
    public init(_ value: JSONValue) {
        self.init(value, span: JSONSpan(start: 0, end: 0, line: 1, column: 1))
    }

    /// The value of the member with exactly this key (the last, with duplicates), when this
    /// node is an object.
    public subscript(key: String) -> JSONNode? {
        value[key]
    }
}
