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
        let squeezed = normalized.replacing("-", with: "")
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
