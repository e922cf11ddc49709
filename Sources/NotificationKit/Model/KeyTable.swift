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
        let length = name.utf8.count
        guard length < byLength.count else { return nil }
        let candidates = byLength[length]
        guard !candidates.isEmpty else { return nil }
        var name = name
        return name.withUTF8 { bytes in
            for candidate in candidates where candidate.name.elementsEqual(bytes) {
                return candidate.key
            }
            return nil
        }
    }
}
