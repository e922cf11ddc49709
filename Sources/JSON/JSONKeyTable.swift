/// Member names a caller expects to see all the time, kept as ready-made strings: the reader
/// hands these out instead of building (and validating) a new `String` per key, which is a large
/// share of reading a small document. The JSON layer knows no names itself; each domain passes
/// its own table (NotificationKit passes the APNs payload and envelope keys).
public struct JSONKeyTable: Sendable {
    /// Names longer than this are never cached: the lookup stays a bounded compare.
    public static let maximumLength = 32

    /// A table with no names: every key becomes a new string.
    public static let empty = JSONKeyTable([])

    /// Names by length, each with its first eight bytes as a word for a one-compare rejection.
    private let byLength: [[Entry]]

    private struct Entry: Sendable {
        let prefix: UInt64
        let bytes: [UInt8]
        let name: String
    }

    /// A table of these names; names longer than `maximumLength` bytes are left out.
    public init(_ names: [String]) {
        var table = [[Entry]](repeating: [], count: Self.maximumLength + 1)
        for name in names where name.utf8.count <= Self.maximumLength {
            let bytes = Array(name.utf8)
            let prefix = bytes.withUnsafeBufferPointer { Self.prefix($0) }
            table[bytes.count].append(Entry(prefix: prefix, bytes: bytes, name: name))
        }
        byLength = table
    }

    /// The cached string with exactly these bytes, or nil.
    func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count <= Self.maximumLength else { return nil }
        let candidates = byLength[bytes.count]
        guard !candidates.isEmpty else { return nil }
        let prefix = Self.prefix(bytes)
        for candidate in candidates where candidate.prefix == prefix {
            if bytes.count <= 8 { return candidate.name }
            var position = 8
            while position < bytes.count && candidate.bytes[position] == bytes[position] { position += 1 }
            if position == bytes.count { return candidate.name }
        }
        return nil
    }

    /// The first (up to) eight bytes as a little-endian word.
    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for position in 0..<min(8, bytes.count) {
            word |= UInt64(bytes[position]) << UInt64(position * 8)
        }
        return word
    }
}
