/// Lookups into the generated tables.
extension GlyphWidths {
    /// Index in `regular`/`semibold` of the first code point of each run.
    private static let runOffsets: [Int] = {
        var offsets: [Int] = []
        offsets.reserveCapacity(runLengths.count)
        var total = 0
        for length in runLengths {
            offsets.append(total)
            total += Int(length)
        }
        return offsets
    }()

    /// The advance of `scalar` in font units, or nil when no proxy font has a glyph for it.
    static func advance(of scalar: Unicode.Scalar, semibold: Bool) -> Int? {
        let value = scalar.value
        guard let run = lastIndex(in: runStarts, notAfter: value) else { return nil }
        let position = Int(value - runStarts[run])
        guard position < Int(runLengths[run]) else { return nil }
        let advance = (semibold ? self.semibold : regular)[runOffsets[run] + position]
        return advance == 0xFFFF ? nil : Int(advance)
    }

    /// Whether `scalar` is East Asian Wide or Fullwidth (UAX #11).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = wideRanges.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < wideRanges[2 * mid] {
                high = mid - 1
            } else if value > wideRanges[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The index of the last element of the sorted `starts` that is ≤ `value`.
    static func lastIndex<Value: Comparable>(in starts: [Value], notAfter value: Value) -> Int? {
        guard let first = starts.first, value >= first else { return nil }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= value { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The cluster's scalars with each base and following combining mark composed where the
    /// tables cover the composition, as the browser's and iOS's shapers draw it ("u" + horn is
    /// drawn as "ư", wider than "u"). Precomposed text comes back unchanged.
    static func composed(_ scalars: String.UnicodeScalarView) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in scalars {
            if let base = result.last, scalar.isMark, let joined = composition(of: base, with: scalar) {
                result[result.count - 1] = joined
            } else {
                result.append(scalar)
            }
        }
        return result
    }

    /// The precomposed scalar of `base` + `mark`, when the tables cover it.
    private static func composition(of base: Unicode.Scalar, with mark: Unicode.Scalar) -> Unicode.Scalar? {
        let key = UInt64(base.value) << 21 | UInt64(mark.value)
        var low = 0
        var high = compositionKeys.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if compositionKeys[mid] == key { return Unicode.Scalar(compositions[mid]) }
            if compositionKeys[mid] < key { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}
