/// One value of a `JSONDocument`, read in place: the same questions a `JSONNode` answers (its
/// span, its type, its members), but a string is decoded only when its text is asked for.
///
/// The validator walks views, so a 3 KB alert body is checked for being a non-empty string
/// without ever becoming a `String`.
public struct JSONView: Sendable {
    /// One member of an object view.
    public struct Member: Sendable {
        /// The member's name (decoded; common names come ready-made).
        public var key: String
        /// Where the name (with its quotes) is written.
        public var keySpan: JSONSpan
        /// The member's value.
        public var value: JSONView

        /// A member from its parts.
        public init(key: String, keySpan: JSONSpan, value: JSONView) {
            self.key = key
            self.keySpan = keySpan
            self.value = value
        }
    }

    /// A string value, decoded on demand.
    public struct Text: Sendable {
        let view: JSONView

        /// True when the string has no characters (decided without decoding it).
        public var isEmpty: Bool {
            view.storage.isEmptyString(at: view.index)
        }

        /// The decoded text.
        public var string: String {
            view.storage.text(ofKey: view.index)
        }
    }

    /// A view's value, one level deep: containers give their children as sequences of views,
    /// made as they are walked.
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(Text)
        case array(Elements)
        case object(Members)

        /// The JSON type of this value.
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

        /// True for a string.
        public var isString: Bool {
            if case .string = self { return true }
            return false
        }

        /// True for a string with at least one character.
        public var isNonEmptyString: Bool {
            if case .string(let text) = self { return !text.isEmpty }
            return false
        }

        /// The decoded text, when this is a string.
        public var stringValue: String? {
            if case .string(let text) = self { return text.string }
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

        /// True for `null`.
        public var isNull: Bool {
            if case .null = self { return true }
            return false
        }
    }

    let storage: JSONDocument.Storage
    let index: Int

    init(storage: JSONDocument.Storage, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// The document this view reads.
    public var document: JSONDocument { JSONDocument(storage: storage) }

    /// The element this view reads.
    public var element: JSONDocument.Element { JSONDocument.Element(index: index) }

    /// Where the value sits in the source text.
    public var span: JSONSpan { storage.nodes[index].span }

    /// The JSON type of the value.
    public var kind: JSONDocument.Kind { storage.kind(at: index) }

    /// True for a string with at least one character, decided on the node (no value is made,
    /// and the text is decoded only when it has escapes).
    public var isNonEmptyString: Bool {
        storage.nodes[index].kind == .string && !storage.isEmptyString(at: index)
    }

    /// The number as a double, when the value is one, converted without making its literal
    /// (a `String`): the same double as `value.numberValue?.doubleValue`, for checks that only
    /// compare a number (the validator meets a few in every `aps`).
    public var doubleValue: Double? {
        storage.nodes[index].kind == .number ? storage.doubleValue(at: index) : nil
    }

    /// The value, one level deep.
    public var value: Value {
        let node = storage.nodes[index]
        switch node.kind {
        case .null: return .null
        case .bool: return .bool(node.flag)
        case .number: return .number(storage.number(at: index))
        case .string, .key: return .string(Text(view: self))
        case .array: return .array(Elements(storage: storage, array: index))
        case .object: return .object(Members(storage: storage, object: index))
        }
    }

    /// The value as a `JSONNode` tree, for code that walks trees.
    public var tree: JSONNode { document.node(element) }

    /// The value of the member with exactly this key (the last, with duplicates), when this
    /// view is an object.
    public subscript(key: String) -> JSONView? {
        storage.memberKeyNode(key, of: index).map { JSONView(storage: storage, index: $0 + 1) }
    }
}
