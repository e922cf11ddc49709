extension JSONView {
    /// The members of an object view in source order, made one at a time as a walk reaches
    /// them: asking for an object's value allocates nothing, and a walk that stops early (or
    /// looks one key up) builds no member it does not reach.
    public struct Members: Sequence, Sendable {
        let storage: JSONDocument.Storage
        /// The object's node.
        let object: Int

        /// How many members the object has (duplicates included).
        public var count: Int { storage.nodes[object].count }

        /// True for an object without members.
        public var isEmpty: Bool { count == 0 }

        /// Walks the members in source order.
        public func makeIterator() -> Iterator {
            Iterator(storage: storage, position: object + 1, remaining: storage.nodes[object].count)
        }

        /// The last member named exactly `key` (bytes compared, as `JSONValue.member(_:)`), or nil.
        public func last(named key: String) -> Member? {
            storage.memberKeyNode(key, of: object).map {
                Member(
                    key: storage.text(ofKey: $0), keySpan: storage.nodes[$0].span,
                    value: JSONView(storage: storage, index: $0 + 1))
            }
        }

        /// The last member named the first of `keys` the object has a member for, or nil: what
        /// `last(named:)` finds asked for each key in turn, in one walk over the members.
        public func last(namedFirstOf keys: [String]) -> Member? {
            storage.memberKeyNode(firstOf: keys, of: object).map {
                Member(
                    key: storage.text(ofKey: $0), keySpan: storage.nodes[$0].span,
                    value: JSONView(storage: storage, index: $0 + 1))
            }
        }

        /// True when the object has a member named exactly `key`.
        public func contains(named key: String) -> Bool {
            storage.memberKeyNode(key, of: object) != nil
        }

        /// Steps from one key node to the next over each value's subtree.
        public struct Iterator: IteratorProtocol, Sendable {
            let storage: JSONDocument.Storage
            var position: Int
            var remaining: Int

            /// The next member, or nil after the last.
            public mutating func next() -> Member? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let key = position
                position += 2 + storage.nodes[key + 1].extent
                return Member(
                    key: storage.text(ofKey: key), keySpan: storage.nodes[key].span,
                    value: JSONView(storage: storage, index: key + 1))
            }
        }
    }

    /// The elements of an array view in order, made one at a time as a walk reaches them.
    public struct Elements: Sequence, Sendable {
        let storage: JSONDocument.Storage
        /// The array's node.
        let array: Int

        /// How many elements the array has.
        public var count: Int { storage.nodes[array].count }

        /// True for an empty array.
        public var isEmpty: Bool { count == 0 }

        /// Walks the elements in order.
        public func makeIterator() -> Iterator {
            Iterator(storage: storage, position: array + 1, remaining: storage.nodes[array].count)
        }

        /// Steps from one element to the next over each one's subtree.
        public struct Iterator: IteratorProtocol, Sendable {
            let storage: JSONDocument.Storage
            var position: Int
            var remaining: Int

            /// The next element, or nil after the last.
            public mutating func next() -> JSONView? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let element = position
                position += 1 + storage.nodes[element].extent
                return JSONView(storage: storage, index: element)
            }
        }
    }
}
