import JSON

/// A JSON value the model binds field by field: a node of a tree (`JSONNode`) or a value read
/// in place in the strict reader's flat document (`JSONView`). The rules that bind a field are
/// written once, over this protocol, so a preview bound from the document (no tree built) and a
/// payload bound from a tree cannot disagree.
protocol BindingSource {
    /// Where the value is written, for a diagnostic's line and column.
    var span: JSONSpan { get }
    /// The value's JSON type as a diagnostic names it ("string", "object", …).
    var typeName: String { get }
    /// The text, when the value is a string.
    var stringValue: String? { get }
    /// True when the value is an object.
    var isObject: Bool { get }
    /// The value of the last member named exactly `key`, when the value is an object.
    func member(named key: String) -> Self?
    /// Calls `body` with each member in source order (duplicates included); false, calling
    /// nothing, when the value is not an object.
    func forEachMember(_ body: (String, Self) -> Void) -> Bool
    /// Calls `body` with each element and its position; false, calling nothing, when the value
    /// is not an array.
    func forEachElement(_ body: (Int, Self) -> Void) -> Bool
}

extension JSONNode: BindingSource {
    var typeName: String { value.typeName }
    var stringValue: String? { value.stringValue }

    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    func member(named key: String) -> JSONNode? {
        self[key]
    }

    func forEachMember(_ body: (String, JSONNode) -> Void) -> Bool {
        guard case .object(let members) = value else { return false }
        for member in members { body(member.key, member.value) }
        return true
    }

    func forEachElement(_ body: (Int, JSONNode) -> Void) -> Bool {
        guard case .array(let elements) = value else { return false }
        for (position, element) in elements.enumerated() { body(position, element) }
        return true
    }
}

extension JSONView: BindingSource {
    /// Named from the value's tree, so the names stay `JSONValue.typeName`'s; only a field of
    /// the wrong type asks.
    var typeName: String { tree.value.typeName }
    var stringValue: String? { value.stringValue }
    var isObject: Bool { kind == .object }

    func member(named key: String) -> JSONView? {
        self[key]
    }

    func forEachMember(_ body: (String, JSONView) -> Void) -> Bool {
        guard case .object(let members) = value else { return false }
        for member in members { body(member.key, member.value) }
        return true
    }

    func forEachElement(_ body: (Int, JSONView) -> Void) -> Bool {
        guard case .array(let elements) = value else { return false }
        for (position, element) in elements.enumerated() { body(position, element) }
        return true
    }
}
