/// One array or object the parser is inside of, with what it has read so far.
struct JSONFrame {
    /// Objects switch from a linear key search to a hash index at this many members, so a huge
    /// object costs O(n) rather than O(n²) to check for duplicate keys.
    static let indexThreshold = 16

    let isObject: Bool
    let start: Int
    let line: Int
    let column: Int
    var elements: [JSONNode] = []
    var members: [JSONMember] = []
    /// The key of the member whose value is being read.
    var key = ""
    var keySpan = JSONSpan(start: 0, end: 0, line: 0, column: 0)
    /// True between a key and the end of its value, so error paths name the member.
    var hasKey = false
    /// Byte hash of each key → first member index, built once the object is large.
    var keyIndex: [UInt64: Int]?

    init(isObject: Bool, start: Int, line: Int, column: Int) {
        self.isObject = isObject
        self.start = start
        self.line = line
        self.column = column
    }

    /// The index of an earlier member with exactly this key (compared byte for byte: JSON keys
    /// are not Unicode-normalised, so `"é"` and `"e\u0301"` are different keys).
    func indexOfKey(_ key: String) -> Int? {
        if let keyIndex {
            guard let candidate = keyIndex[Self.hash(key)] else { return nil }
            if members[candidate].key.utf8.elementsEqual(key.utf8) { return candidate }
            // A hash collision: fall back to the exact search.
        }
        return members.firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
    }

    /// Appends a member and keeps the hash index up to date.
    mutating func appendMember(_ member: JSONMember) {
        members.append(member)
        hasKey = false
        if keyIndex != nil {
            let hash = Self.hash(member.key)
            if keyIndex?[hash] == nil { keyIndex?[hash] = members.count - 1 }
        } else if members.count >= Self.indexThreshold {
            var index: [UInt64: Int] = [:]
            index.reserveCapacity(members.count * 2)
            for (position, existing) in members.enumerated() {
                let hash = Self.hash(existing.key)
                if index[hash] == nil { index[hash] = position }
            }
            keyIndex = index
        }
    }

    /// FNV-1a over the key's UTF-8 bytes.
    private static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
