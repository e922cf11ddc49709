#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One array or object the parser is inside of. Its node is already in the node buffer; the
/// frame counts the children and, for an object, sums up its keys for the duplicate-key check.
///
/// An object's earlier keys are found in the node buffer itself: its members follow its node
/// as key, value subtree, key, value subtree…, and every value before the key being checked is
/// complete, so its subtree size (`extent`) leads to the next key. No list of keys is kept.
struct JSONFrame {
    /// Objects switch from a linear key search to a hash index at this many members, so a huge
    /// object costs O(n) rather than O(n²) to check for duplicate keys.
    static let indexThreshold = 16

    let isObject: Bool
    /// The container's node.
    let node: Int
    /// The key node of the member whose value is being read.
    var keyNode = 0
    /// True between a key and the end of its value, so error paths name the member.
    var hasKey = false
    /// Values read so far.
    var count = 0
    /// True once the object is large and its hash index of keys is built: the index is the
    /// last of the parser's `keyIndexes`. Kept out of the frame, a frame has no reference in it
    /// and is copied, pushed and popped without a retain or a release.
    var isIndexed = false
    /// One bit per key read so far (`JSONParser.keySignature`): a key whose bit is not set
    /// cannot be a duplicate, so most keys are checked without comparing against any other.
    var keySignatures: UInt64 = 0

    init(isObject: Bool, node: Int) {
        self.isObject = isObject
        self.node = node
    }

    /// Records key node `node` (its signature bit included) as the member being read.
    mutating func beginMember(key node: Int, signature: UInt64) {
        keyNode = node
        hasKey = true
        keySignatures |= signature
    }

    /// Counts a finished value.
    mutating func endValue() {
        count += 1
        hasKey = false
    }

    /// FNV-1a over a key's decoded UTF-8 bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

extension JSONParser {
    /// The node of an earlier key of the open object `current` with exactly the bytes of key
    /// node `key` (JSON keys are not Unicode-normalised, so `"é"` and `"e\u0301"` differ): the
    /// first one, in document order.
    ///
    /// Mutating although it changes nothing: called from `parseKey` on a `self` it may not
    /// borrow, a non-mutating method got a copy of the whole parser (168 bytes) for every key.
    mutating func indexOfKey(_ key: Int, hash: UInt64?, signature: UInt64) -> Int? {
        // No earlier key has this key's length and first byte: no earlier key is this one.
        if current.keySignatures & signature == 0 { return nil }
        if let hash, current.isIndexed {
            guard let candidate = keyIndexes[keyIndexes.count - 1][hash] else { return nil }
            if sameKey(candidate, key) { return candidate }
            // A hash collision: fall back to the exact search.
        }
        var position = current.node + 1
        while position < key {
            if sameKey(position, key) { return position }
            position = nextKey(after: position)
        }
        return nil
    }

    /// The node after the member whose key node is `key`, in an object whose value for `key` is
    /// complete: the next key node, or the end of the members read so far.
    private func nextKey(after key: Int) -> Int {
        key + 2 + nodes[key + 1].extent
    }

    /// True when two key nodes decode to the same bytes; raw keys are compared in place.
    func sameKey(_ first: Int, _ second: Int) -> Bool {
        let lhs = nodes[first]
        let rhs = nodes[second]
        if !lhs.flag && !rhs.flag {
            let length = lhs.end - lhs.start
            guard length == rhs.end - rhs.start, let base = bytes.baseAddress else { return false }
            // Most keys of one length differ in their first letter: no call for those.
            guard length <= 2 || base[lhs.start + 1] == base[rhs.start + 1] else { return false }
            return memcmp(base + lhs.start, base + rhs.start, length) == 0
        }
        return keyBytes(first) == keyBytes(second)
    }

    /// A bit standing for the length and the first byte of a key node's decoded bytes: equal
    /// keys have equal bits, so a bit no earlier key of the object set rules out a duplicate.
    func keySignature(_ node: Int) -> UInt64 {
        let key = nodes[node]
        guard key.flag else {
            let length = key.end - key.start - 2
            return Self.keySignature(length: length, first: length > 0 ? bytes[key.start + 1] : 0)
        }
        let decoded = keyBytes(node)
        return Self.keySignature(length: decoded.count, first: decoded.first ?? 0)
    }

    /// The signature bit of a key whose decoded bytes have this length and first byte (0 for
    /// an empty key).
    @inline(__always)
    static func keySignature(length: Int, first: UInt8) -> UInt64 {
        1 << UInt64((length &* 7 &+ Int(first)) & 63)
    }

    /// The decoded bytes of a key or string node.
    func keyBytes(_ node: Int) -> [UInt8] {
        let key = nodes[node]
        guard key.flag else { return Array(bytes[(key.start + 1)..<(key.end - 1)]) }
        return Self.decodedContent(of: bytes, quoteAt: key.start)
    }

    /// The decoded text of a key or string node, for messages and paths.
    func keyText(_ node: Int) -> String {
        String(decoding: keyBytes(node), as: UTF8.self)
    }

    /// The hash of a key node's decoded bytes.
    func keyHash(_ node: Int) -> UInt64 {
        let key = nodes[node]
        guard key.flag else {
            return JSONFrame.hash(UnsafeBufferPointer(rebasing: bytes[(key.start + 1)..<(key.end - 1)]))
        }
        return keyBytes(node).withUnsafeBufferPointer { JSONFrame.hash($0) }
    }

    /// Records key node `key` as a member name of the open object `current`, after the
    /// duplicate check, and as the member being read.
    mutating func recordKey(_ key: Int, hash: UInt64?, signature: UInt64) {
        current.beginMember(key: key, signature: signature)
        if let hash {
            let last = keyIndexes.count - 1
            if keyIndexes[last][hash] == nil { keyIndexes[last][hash] = key }
        } else if current.count + 1 >= JSONFrame.indexThreshold {
            // The keys so far, this one included.
            var index: [UInt64: Int] = [:]
            index.reserveCapacity((current.count + 1) * 2)
            var position = current.node + 1
            while position <= key {
                let hash = keyHash(position)
                if index[hash] == nil { index[hash] = position }
                if position == key { break }
                position = nextKey(after: position)
            }
            keyIndexes.append(index)
            current.isIndexed = true
        }
    }

    /// Opens a container whose node is about to be appended at `nodes.count`: the open one, if
    /// any, goes onto `stack`.
    mutating func pushFrame(isObject: Bool) {
        if depth > 0 { stack.append(current) }
        current = JSONFrame(isObject: isObject, node: nodes.count)
        depth += 1
    }

    /// Counts a finished value in the open container.
    mutating func attach() {
        current.endValue()
    }

    /// Closes the open container, whose closing bracket was just read: its node gets its end,
    /// its child count and the size of its subtree, and the container around it is open again.
    mutating func popFrame() {
        let node = current.node
        nodes[node].end = index
        nodes[node].count = current.count
        nodes[node].extent = nodes.count - node - 1
        if current.isIndexed { keyIndexes.removeLast() }
        depth -= 1
        if depth > 0 { current = stack.removeLast() }
    }
}
