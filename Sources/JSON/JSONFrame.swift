/// One array or object the parser is inside of. Its finished values sit on the parser's shared
/// `memberStack`/`elementStack` from `base` on, so a container costs one exact-size array
/// allocation when it closes instead of repeated growth while it is read.
struct JSONFrame {
    /// Objects switch from a linear key search to a hash index at this many members, so a huge
    /// object costs O(n) rather than O(n²) to check for duplicate keys.
    static let indexThreshold = 16

    let isObject: Bool
    let start: Int
    let line: Int
    let column: Int
    /// Where this container's values start on the shared stack.
    let base: Int
    /// The key of the member whose value is being read.
    var key = ""
    var keySpan = JSONSpan(start: 0, end: 0, line: 0, column: 0)
    /// True between a key and the end of its value, so error paths name the member.
    var hasKey = false
    /// Values read so far.
    var count = 0
    /// Byte hash of each key → first member position on the stack, built once the object is large.
    var keyIndex: [UInt64: Int]?

    init(isObject: Bool, start: Int, line: Int, column: Int, base: Int) {
        self.isObject = isObject
        self.start = start
        self.line = line
        self.column = column
        self.base = base
    }

    /// Records the key whose value comes next.
    mutating func setKey(_ key: String, span: JSONSpan) {
        self.key = key
        keySpan = span
        hasKey = true
    }

    /// FNV-1a over the key's UTF-8 bytes.
    static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

extension JSONParser {
    /// The stack position of an earlier member of the top object with exactly this key
    /// (compared byte for byte: JSON keys are not Unicode-normalised, so `"é"` and `"e\u0301"`
    /// are different keys).
    func indexOfKey(_ key: String, inFrameAt top: Int) -> Int? {
        if let keyIndex = stack[top].keyIndex {
            guard let candidate = keyIndex[JSONFrame.hash(key)] else { return nil }
            if Self.sameBytes(memberStack[candidate].key, key) { return candidate }
            // A hash collision: fall back to the exact search.
        }
        var position = stack[top].base
        while position < memberStack.count {
            if Self.sameBytes(memberStack[position].key, key) { return position }
            position += 1
        }
        return nil
    }

    /// Byte equality of two strings, cheap when they differ: different UTF-8 lengths or `!=`
    /// (equal bytes are always `==`) settle it; only canonical-equivalence matches are compared
    /// byte by byte.
    static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs == rhs && lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Adds a finished value to the container on top of the stack.
    mutating func attach(_ node: consuming JSONNode) {
        let top = stack.count - 1
        stack[top].count += 1
        guard stack[top].isObject else {
            elementStack.append(node)
            return
        }
        // The key moves from the frame into the member (no retain, no later release): with
        // `hasKey` false nothing reads the frame's key again.
        var key = ""
        swap(&key, &stack[top].key)
        memberStack.append(JSONMember(key: key, keySpan: stack[top].keySpan, value: node))
        stack[top].hasKey = false
        if stack[top].keyIndex != nil {
            let hash = JSONFrame.hash(memberStack[memberStack.count - 1].key)
            if stack[top].keyIndex?[hash] == nil { stack[top].keyIndex?[hash] = memberStack.count - 1 }
        } else if stack[top].count >= JSONFrame.indexThreshold {
            var index: [UInt64: Int] = [:]
            index.reserveCapacity(stack[top].count * 2)
            for position in stack[top].base..<memberStack.count {
                let hash = JSONFrame.hash(memberStack[position].key)
                if index[hash] == nil { index[hash] = position }
            }
            stack[top].keyIndex = index
        }
    }

    /// Turns the top frame, whose closing bracket was just read, into a node.
    mutating func popFrame() -> JSONNode {
        let frame = stack.removeLast()
        let span = JSONSpan(start: frame.start, end: index, line: frame.line, column: frame.column)
        if frame.isObject {
            return JSONNode(.object(memberStack.popArray(from: frame.base)), span: span)
        }
        return JSONNode(.array(elementStack.popArray(from: frame.base)), span: span)
    }
}
