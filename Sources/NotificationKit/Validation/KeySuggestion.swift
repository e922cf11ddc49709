/// Finds the Apple-defined key a misspelled one was meant to be, for "did you mean" messages.
///
/// APNs silently ignores a wrong key name (apns-rules.md §3), so a suggestion is the only hint a
/// sender gets that `content_available` never reached the device.
enum KeySuggestion {
    /// Misspellings that client libraries really shipped and that edit distance alone misses.
    private static let knownMistakes: [String: String] = [
        "target-content-identifier": "target-content-id",
        "state-date": "stale-date",
        "threadidentifier": "thread-id",
        "categoryidentifier": "category",
    ]

    /// The key of `known` that `key` most likely meant, or nil when nothing is close.
    static func suggestion(for key: String, among known: [String]) -> String? {
        guard !known.isEmpty else { return nil }
        let normalized = normalize(key)
        // The hyphens left out byte by byte: the same as by character for an ASCII key, and a
        // key with anything else in it matches no Apple key either way.
        let squeezed = String(decoding: normalized.utf8.filter { $0 != UInt8(ascii: "-") }, as: UTF8.self)
        if let mistake = knownMistakes[normalized] ?? knownMistakes[squeezed], known.contains(mistake) {
            return mistake
        }
        if known.contains(normalized) {
            return normalized
        }
        if let match = known.first(where: { equalWithoutHyphens($0, squeezed) }) {
            return match
        }
        let allowed = normalized.count <= 4 ? 1 : 2
        var best: (key: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(normalized, candidate, limit: allowed)
            if distance <= allowed, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// Whether `candidate` with its hyphens left out is `squeezed`, compared byte for byte without
    /// building the shortened string (a registry of 500 categories is searched per payload).
    static func equalWithoutHyphens(_ candidate: String, _ squeezed: String) -> Bool {
        var rest = squeezed.utf8.makeIterator()
        for byte in candidate.utf8 where byte != UInt8(ascii: "-") {
            guard rest.next() == byte else { return false }
        }
        return rest.next() == nil
    }

    /// Lowercases and turns `_`, spaces and camelCase humps into `-`, the separator Apple uses.
    static func normalize(_ key: String) -> String {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            return normalizeASCII(key)
        }
        var result = ""
        var previousWasLower = false
        for character in key {
            if character == "_" || character == " " {
                result.append("-")
                previousWasLower = false
            } else if character.isUppercase {
                if previousWasLower {
                    result.append("-")
                }
                result += character.lowercased()
                previousWasLower = false
            } else {
                result.append(character)
                previousWasLower = character.isLowercase
            }
        }
        return result
    }

    /// `normalize` of an ASCII key, byte by byte: for ASCII, a character is uppercase or
    /// lowercase exactly when it is `A`–`Z` or `a`–`z`. Walking characters cost about 13 000
    /// instructions an unknown key, which pipelines with a custom `aps` key pay on every line.
    private static func normalizeASCII(_ key: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(key.utf8.count + 4)
        var previousWasLower = false
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "_"), UInt8(ascii: " "):
                result.append(UInt8(ascii: "-"))
                previousWasLower = false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if previousWasLower {
                    result.append(UInt8(ascii: "-"))
                }
                result.append(byte + 0x20)
                previousWasLower = false
            default:
                result.append(byte)
                previousWasLower = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if abs(a.count - b.count) > limit {
            return limit + 1
        }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit {
                return limit + 1
            }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
