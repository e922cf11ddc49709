#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds which of a fixed set of ASCII keys a JSON member name is, comparing bytes only with
/// the candidates of the same length: far cheaper than hashing the name or comparing it with
/// every key in turn.
struct KeyTable<Key: RawRepresentable & CaseIterable>: Sendable
where Key.RawValue == String, Key: Sendable {
    /// Every name's UTF-8, back to back, in order of length.
    private let names: [UInt8]
    /// Where each name starts in `names`, and its key, in order of length.
    private let entries: [(start: Int, key: Key)]
    /// For each length, the entries of that length.
    private let byLength: [Range<Int>]

    init(_ type: Key.Type) {
        let sorted = Key.allCases.map { (name: Array($0.rawValue.utf8), key: $0) }
            .enumerated().sorted { ($0.element.name.count, $0.offset) < ($1.element.name.count, $1.offset) }
            .map(\.element)
        var names: [UInt8] = []
        var entries: [(start: Int, key: Key)] = []
        var byLength: [Range<Int>] = []
        for (name, key) in sorted {
            while byLength.count <= name.count { byLength.append(entries.count..<entries.count) }
            entries.append((names.count, key))
            names.append(contentsOf: name)
            byLength[name.count] = byLength[name.count].lowerBound..<entries.count
        }
        self.names = names
        self.entries = entries
        self.byLength = byLength
    }

    /// The key spelled exactly `name`, or nil.
    func key(named name: String) -> Key? {
        guard name.utf8.count < byLength.count else { return nil }
        var name = name
        return name.withUTF8 { key(bytes: $0) }
    }

    /// The key whose UTF-8 is exactly `bytes` (a member name read in place), or nil.
    func key(bytes: UnsafeBufferPointer<UInt8>) -> Key? {
        let length = bytes.count
        guard length < byLength.count, let wanted = bytes.baseAddress else { return nil }
        let candidates = byLength[length]
        guard !candidates.isEmpty else { return nil }
        return names.withUnsafeBufferPointer { names in
            guard let base = names.baseAddress else { return nil }
            for index in candidates {
                let entry = entries[index]
                if base[entry.start] == wanted[0] && memcmp(base + entry.start, wanted, length) == 0 {
                    return entry.key
                }
            }
            return nil
        }
    }
}
