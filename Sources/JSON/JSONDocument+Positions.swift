extension JSONDocument {
    /// The members of an object as positions (its key element and its value element), in
    /// source order; empty for anything else.
    ///
    /// Walking these decodes no name and makes no view: a member costs two integers, where a
    /// `JSONView.Member` costs a decoded name and a reference to the read. The validator walks
    /// `aps` and `alert` this way and compares names as bytes (`withKeyBytes`), making a view
    /// only of the values it checks.
    public func memberElements(_ object: Element) -> MemberElements {
        MemberElements(storage: storage, object: object.index)
    }

    /// The members of one object as positions, made one at a time as a walk reaches them.
    public struct MemberElements: Sequence, Sendable {
        let storage: Storage
        /// The object's node.
        let object: Int

        /// Walks the members in source order.
        public func makeIterator() -> Iterator {
            let node = storage.nodes[object]
            return Iterator(
                storage: storage, position: object + 1, remaining: node.kind == .object ? node.count : 0)
        }

        /// Steps from one key node to the next over each value's subtree.
        public struct Iterator: IteratorProtocol, Sendable {
            let storage: Storage
            var position: Int
            var remaining: Int

            /// The next member's key and value, or nil after the last.
            public mutating func next() -> (key: JSONDocument.Element, value: JSONDocument.Element)? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let key = position
                position += 2 + storage.nodes[key + 1].extent
                return (JSONDocument.Element(index: key), JSONDocument.Element(index: key + 1))
            }
        }
    }

    /// Hands `body` the decoded UTF-8 of a member name (a key element of `memberElements`): in
    /// place when the name is written without escapes, else decoded first. The bytes are valid
    /// only during the call.
    @inlinable
    public func withKeyBytes<Result>(_ key: Element, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
    {
        // Inlined into the caller and specialised there; the walk over the read stays here.
        var result: Result?
        visitKeyBytes(key) { result = body($0) }
        guard let result else { preconditionFailure("visitKeyBytes calls its body once") }
        return result
    }

    /// `withKeyBytes` without a result type, so it is compiled once, here, for every caller.
    @usableFromInline
    func visitKeyBytes(_ key: Element, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let node = storage.nodes[key.index]
        guard !node.flag else { return storage.decodedBytes(at: key.index).withUnsafeBufferPointer(body) }
        storage.bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[(node.start + 1)..<(node.end - 1)]))
        }
    }

    /// The decoded name of a key element (common names come ready-made).
    public func name(ofKey key: Element) -> String {
        storage.text(ofKey: key.index)
    }

    /// The member at these positions as a `JSONView.Member`, for checks written over views.
    public func viewMember(key: Element, value: Element) -> JSONView.Member {
        JSONView.Member(
            key: storage.text(ofKey: key.index), keySpan: storage.nodes[key.index].span,
            value: JSONView(storage: storage, index: value.index))
    }
}
