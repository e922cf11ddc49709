#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One array or object the parser is inside of. Its node is already in the node buffer; the
/// frame counts the children and, for an object, remembers its key nodes (on the parser's shared
/// `keyStack` from `keyBase` on) for the duplicate-key check.
struct JSONFrame {
    /// Objects switch from a linear key search to a hash index at this many members, so a huge
    /// object costs O(n) rather than O(n²) to check for duplicate keys.
    static let indexThreshold = 16

    let isObject: Bool
    /// The container's node.
    let node: Int
    /// Where this object's key nodes start on the parser's `keyStack`.
    let keyBase: Int
    /// The key node of the member whose value is being read.
    var keyNode = 0
    /// True between a key and the end of its value, so error paths name the member.
    var hasKey = false
    /// Values read so far.
    var count = 0
    /// Byte hash of each key → first key position on `keyStack`, built once the object is large.
    var keyIndex: [UInt64: Int]?
    /// True once `keyIndex` is built: checked per key instead of the optional dictionary, which
    /// cost a retain and a release each time.
    var isIndexed = false
    /// One bit per key read so far (`JSONParser.keySignature`): a key whose bit is not set
    /// cannot be a duplicate, so most keys are checked without comparing against any other.
    var keySignatures: UInt64 = 0

    init(isObject: Bool, node: Int, keyBase: Int) {
        self.isObject = isObject
        self.node = node
        self.keyBase = keyBase
    }

    /// Records key node `node` (its signature bit included) as the member being read, in one
    /// access: each separate write to `stack[top]` checked the stack's storage again.
    mutating func beginMember(key node: Int, signature: UInt64) {
        keyNode = node
        hasKey = true
        keySignatures |= signature
    }

    /// Counts a finished value, in one access (see `beginMember`).
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
    /// The `keyStack` position of an earlier key of the top object with exactly the bytes of key
    /// node `key` (JSON keys are not Unicode-normalised, so `"é"` and `"e\u0301"` differ).
    func indexOfKey(_ key: Int, inFrameAt top: Int, hash: UInt64?, signature: UInt64) -> Int? {
        // No earlier key has this key's length and first byte: no earlier key is this one.
        if stack[top].keySignatures & signature == 0 { return nil }
        if let hash, let keyIndex = stack[top].keyIndex {
            guard let candidate = keyIndex[hash] else { return nil }
            if sameKey(keyStack[candidate], key) { return candidate }
            // A hash collision: fall back to the exact search.
        }
        var position = stack[top].keyBase
        while position < keyStack.count {
            if sameKey(keyStack[position], key) { return position }
            position += 1
        }
        return nil
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
        var length = key.end - key.start - 2
        var first = length > 0 ? bytes[key.start + 1] : 0
        if key.flag {
            let decoded = keyBytes(node)
            length = decoded.count
            first = decoded.first ?? 0
        }
        return 1 << UInt64((length &* 7 &+ Int(first)) & 63)
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

    /// Records key node `key` as a member name of the top object, after the duplicate check,
    /// and as the member being read.
    mutating func recordKey(_ key: Int, hash: UInt64?, signature: UInt64, inFrameAt top: Int) {
        keyStack.append(key)
        stack[top].beginMember(key: key, signature: signature)
        let keys = keyStack.count - stack[top].keyBase
        if let hash {
            if stack[top].keyIndex?[hash] == nil { stack[top].keyIndex?[hash] = keyStack.count - 1 }
        } else if keys >= JSONFrame.indexThreshold {
            var index: [UInt64: Int] = [:]
            index.reserveCapacity(keys * 2)
            for position in stack[top].keyBase..<keyStack.count {
                let hash = keyHash(keyStack[position])
                if index[hash] == nil { index[hash] = position }
            }
            stack[top].keyIndex = index
            stack[top].isIndexed = true
        }
    }

    /// Counts a finished value in the container on top of the stack.
    mutating func attach() {
        stack[stack.count - 1].endValue()
    }

    /// Closes the top frame, whose closing bracket was just read: its node gets its end, its
    /// child count and the size of its subtree.
    mutating func popFrame() {
        let frame = stack.removeLast()
        nodes[frame.node].end = index
        nodes[frame.node].count = frame.count
        nodes[frame.node].extent = nodes.count - frame.node - 1
        if frame.isObject {
            keyStack.removeSubrange(frame.keyBase...)
        }
    }
}
