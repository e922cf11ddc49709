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
    private let byLength: [[(name: [UInt8], key: Key)]]

    init(_ type: Key.Type) {
        var byLength: [[(name: [UInt8], key: Key)]] = []
        for key in Key.allCases {
            let name = Array(key.rawValue.utf8)
            while byLength.count <= name.count { byLength.append([]) }
            byLength[name.count].append((name, key))
        }
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
        guard length < byLength.count, let base = bytes.baseAddress else { return nil }
        return byLength.withUnsafeBufferPointer { table in
            table[length].withUnsafeBufferPointer { candidates in
                for candidate in candidates {
                    let matches = candidate.name.withUnsafeBufferPointer { name in
                        guard let start = name.baseAddress else { return false }
                        return start[0] == base[0] && memcmp(start, base, length) == 0
                    }
                    if matches { return candidate.key }
                }
                return nil
            }
        }
    }
}
