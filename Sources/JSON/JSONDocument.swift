/// A JSON text as the strict reader read it: its exact bytes, every value as a flat node in one
/// contiguous buffer (document order, with subtree sizes), and the reader's diagnostics.
///
/// Nothing is decoded until asked for: a string is a span of the input and becomes a `String`
/// only through `string(_:)` or `node(_:)`, so checking a payload costs no allocation for the
/// custom data nobody looks at. `tree` (and `node(_:)` for a part) builds the familiar
/// `JSONNode` tree from the same read, for callers that want values.
public struct JSONDocument: Sendable {
    /// One value of the document, by position; valid only with the document it came from.
    public struct Element: Sendable, Hashable {
        let index: Int
    }

    /// One member of an object: its name (decoded), where the name is written, and the value.
    public struct Member: Sendable {
        /// The member's name.
        public var key: String
        /// Where the name (with its quotes) is written.
        public var keySpan: JSONSpan
        /// The member's value.
        public var value: Element
    }

    /// The JSON type of an element.
    public enum Kind: Sendable, Hashable {
        case null, bool, number, string, array, object
    }

    /// The read, shared by every copy of the document and every `JSONView` into it, so handing
    /// a view around costs one reference, not one per buffer.
    final class Storage: Sendable {
        let bytes: [UInt8]
        let diagnostics: [Diagnostic]
        let nodes: [JSONFlatNode]
        let knownKeys: JSONKeyTable
        /// False when a structural fault stopped the reader (then there is no root).
        let isComplete: Bool

        init(
            bytes: [UInt8], diagnostics: [Diagnostic], nodes: [JSONFlatNode],
            knownKeys: JSONKeyTable, isComplete: Bool
        ) {
            self.bytes = bytes
            self.diagnostics = diagnostics
            self.nodes = nodes
            self.knownKeys = knownKeys
            self.isComplete = isComplete
        }
    }

    let storage: Storage

    /// The exact bytes that were read; every span points into them.
    public var bytes: [UInt8] { storage.bytes }
    /// Everything the reader reported, as `JSONReadResult.diagnostics`.
    public var diagnostics: [Diagnostic] { storage.diagnostics }
    var nodes: [JSONFlatNode] { storage.nodes }
    var knownKeys: JSONKeyTable { storage.knownKeys }
    var isComplete: Bool { storage.isComplete }

    init(storage: Storage) {
        self.storage = storage
    }

    /// The root value, nil when the text is not structurally JSON.
    public var root: Element? {
        isComplete && !nodes.isEmpty ? Element(index: 0) : nil
    }

    /// True when the text is strict JSON (a root and no error).
    public var isValid: Bool {
        root != nil && !diagnostics.contains { $0.severity == .error }
    }

    /// The root as a view, nil when the text is not structurally JSON.
    public var rootView: JSONView? {
        root.map { JSONView(storage: storage, index: $0.index) }
    }

    /// A view of `element`.
    public func view(_ element: Element) -> JSONView {
        JSONView(storage: storage, index: element.index)
    }

    /// The whole tree, built from this read (nil without a root).
    public var tree: JSONNode? {
        root.map { node($0) }
    }

    /// The JSON type of `element`.
    public func kind(_ element: Element) -> Kind {
        storage.kind(at: element.index)
    }

    /// Where `element` sits in `bytes`.
    public func span(_ element: Element) -> JSONSpan {
        let nodes = storage.nodes
        return nodes[element.index].span
    }

    /// The members of an object in source order (empty for anything else); only the names are
    /// decoded, the values stay elements.
    public func members(_ element: Element) -> [Member] {
        let nodes = storage.nodes
        let node = nodes[element.index]
        guard node.kind == .object else { return [] }
        var members: [Member] = []
        members.reserveCapacity(node.count)
        var position = element.index + 1
        for _ in 0..<node.count {
            let key = nodes[position]
            members.append(
                Member(key: text(ofKey: position), keySpan: key.span, value: Element(index: position + 1)))
            position += 2 + nodes[position + 1].extent
        }
        return members
    }

    /// The value of the member with exactly this key (bytes compared, the last one with
    /// duplicates, as `JSONValue.member(_:)`), when `element` is an object.
    public func member(_ key: String, of element: Element) -> Element? {
        memberKeyNode(key, of: element.index).map { Element(index: $0 + 1) }
    }

    /// The elements of an array in order (empty for anything else).
    public func elements(_ element: Element) -> [Element] {
        let nodes = storage.nodes
        let node = nodes[element.index]
        guard node.kind == .array else { return [] }
        var elements: [Element] = []
        elements.reserveCapacity(node.count)
        var position = element.index + 1
        for _ in 0..<node.count {
            elements.append(Element(index: position))
            position += 1 + nodes[position].extent
        }
        return elements
    }

    /// The decoded text of a string element, nil for anything else.
    public func string(_ element: Element) -> String? {
        let nodes = storage.nodes
        return nodes[element.index].kind == .string ? text(ofKey: element.index) : nil
    }

    /// True when `element` is a string whose text is empty, without decoding it.
    public func isEmptyString(_ element: Element) -> Bool {
        storage.isEmptyString(at: element.index)
    }

    /// The number, when `element` is one.
    public func number(_ element: Element) -> JSONNumber? {
        let nodes = storage.nodes
        let node = nodes[element.index]
        return node.kind == .number ? number(at: element.index) : nil
    }

    /// The flag, when `element` is a boolean.
    public func bool(_ element: Element) -> Bool? {
        let nodes = storage.nodes
        let node = nodes[element.index]
        return node.kind == .bool ? node.flag : nil
    }

    /// The key node of the last member named exactly `key` of the object node `object`.
    func memberKeyNode(_ key: String, of object: Int) -> Int? {
        storage.memberKeyNode(key, of: object)
    }

    /// The number of a number node, converted from its literal (the reader checked it).
    func number(at index: Int) -> JSONNumber {
        storage.number(at: index)
    }

    /// The decoded UTF-8 of a string or key node.
    func decodedBytes(at index: Int) -> [UInt8] {
        storage.decodedBytes(at: index)
    }

    /// The decoded text of a string or key node; common member names come ready-made.
    func text(ofKey index: Int) -> String {
        storage.text(ofKey: index)
    }
}
