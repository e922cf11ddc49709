#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONDocument.Storage {
    // The document's accessors, on the shared read itself: a view or a member sequence calls
    // these without making a `JSONDocument` (and its retain and release) for every question.

    /// The key node of the last member named exactly `key` of the object node `object`; keys
    /// without escapes are compared in place, so a lookup allocates nothing.
    func memberKeyNode(_ key: String, of object: Int) -> Int? {
        let node = nodes[object]
        guard node.kind == .object else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                nodes.withUnsafeBufferPointer { nodes in
                    var found: Int?
                    var position = object + 1
                    for _ in 0..<node.count {
                        let keyNode = nodes[position]
                        let matches =
                            keyNode.flag
                            ? JSONParser.decodedContent(of: buffer, quoteAt: keyNode.start).elementsEqual(
                                wanted)
                            : keyNode.end - keyNode.start - 2 == wanted.count
                                && Self.sameBytes(buffer, from: keyNode.start + 1, wanted)
                        if matches { found = position }
                        position += 2 + nodes[position + 1].extent
                    }
                    return found
                }
            }
        }
    }

    /// The key node of the last member named `keys[i]` of the object node `object`, for the
    /// least `i` the object has a member for: the answer of `memberKeyNode(_:of:)` asked for
    /// each key in turn until one is found, in one walk over the members.
    func memberKeyNode(firstOf keys: [String], of object: Int) -> Int? {
        let node = nodes[object]
        guard node.kind == .object else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            nodes.withUnsafeBufferPointer { nodes in
                var found: Int?
                var foundRank = keys.count
                var position = object + 1
                for _ in 0..<node.count {
                    let keyNode = nodes[position]
                    // Only keys ranked no lower than the best so far can change the answer.
                    for rank in 0..<min(foundRank + 1, keys.count) {
                        let wanted = keys[rank].utf8
                        let matches =
                            keyNode.flag
                            ? JSONParser.decodedContent(of: buffer, quoteAt: keyNode.start).elementsEqual(
                                wanted)
                            : keyNode.end - keyNode.start - 2 == wanted.count
                                && UnsafeBufferPointer(
                                    rebasing: buffer[(keyNode.start + 1)..<(keyNode.end - 1)]
                                )
                                .elementsEqual(wanted)
                        if matches {
                            found = position
                            foundRank = rank
                            break
                        }
                    }
                    position += 2 + nodes[position + 1].extent
                }
                return found
            }
        }
    }

    /// True when `buffer` holds exactly `wanted` from `start` on (the caller checked the length).
    private static func sameBytes(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, _ wanted: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        guard let base = buffer.baseAddress, let other = wanted.baseAddress else { return wanted.isEmpty }
        return memcmp(base + start, other, wanted.count) == 0
    }

    /// The number of a number node, converted from its literal (the reader checked it).
    func number(at index: Int) -> JSONNumber {
        withNumberToken(at: index) { reader, token, start in
            reader.readNumber(token, at: start)
                ?? JSONNumber(literal: "0", isInteger: true, doubleValue: 0, int64Value: 0)
        }
    }

    /// The double of a number node, as `number(at:)` converts it, without its literal.
    func doubleValue(at index: Int) -> Double {
        withNumberToken(at: index) { reader, token, start in reader.numberValue(token, at: start)?.double ?? 0
        }
    }

    /// Hands `body` a silent reader, the literal of the number node at `index` and its offset.
    private func withNumberToken<Result>(
        at index: Int, _ body: (inout JSONParser, UnsafeBufferPointer<UInt8>, Int) -> Result
    ) -> Result {
        let node = nodes[index]
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONParser(bytes: buffer, maximumDepth: 1)
            reader.reporting = false
            return body(&reader, UnsafeBufferPointer(rebasing: buffer[node.start..<node.end]), node.start)
        }
    }

    /// The decoded UTF-8 of a string or key node.
    func decodedBytes(at index: Int) -> [UInt8] {
        let node = nodes[index]
        guard node.flag else { return Array(bytes[(node.start + 1)..<(node.end - 1)]) }
        return bytes.withUnsafeBufferPointer { JSONParser.decodedContent(of: $0, quoteAt: node.start) }
    }

    /// The decoded text of a string or key node; common member names come ready-made.
    func text(ofKey index: Int) -> String {
        let node = nodes[index]
        guard !node.flag else { return String(decoding: decodedBytes(at: index), as: UTF8.self) }
        return bytes.withUnsafeBufferPointer { buffer in
            let content = UnsafeBufferPointer(rebasing: buffer[(node.start + 1)..<(node.end - 1)])
            if node.kind == .key, let name = knownKeys.name(content) { return name }
            return String(decoding: content, as: UTF8.self)
        }
    }

    /// The JSON type of the node at `index`.
    func kind(at index: Int) -> JSONDocument.Kind {
        switch nodes[index].kind {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string, .key: .string
        case .array: .array
        case .object: .object
        }
    }

    /// True when the string node at `index` has no characters, decided without decoding it
    /// unless it has escapes.
    func isEmptyString(at index: Int) -> Bool {
        let node = nodes[index]
        guard node.kind == .string else { return false }
        if node.end - node.start == 2 { return true }
        return node.flag && decodedBytes(at: index).isEmpty
    }
}
