/// One grapheme cluster with everything the wrapper needs to know about it (plain values, so
/// wrapping copies no reference; the text is cut out of the original by `utf8Start`).
struct Cluster: Sendable {
    /// Its width in points in the wrapper's font.
    let width: Double
    /// Its UAX #14 class as a whole cluster.
    let lineBreakClass: LineBreakClass
    /// Whether a line may break before it.
    let breakBefore: Bool
    /// UTF-8 offset of its first byte in the text, so a line is cut out of the text in one copy.
    let utf8Start: Int

    /// Spaces hang at a line end and are dropped there.
    var isSpace: Bool { lineBreakClass == .sp }
}

/// The clusters of a text, measured and classified on demand, so a field limited to a few
/// lines never measures the rest of a long text.
struct ClusterBuffer {
    /// The clusters measured so far.
    private(set) var clusters: [Cluster] = []
    /// The font clusters are measured in.
    private let font: PreviewFont
    /// The text not yet measured.
    private var remaining: String.Iterator
    /// The class of the last cluster that was not a space (for the `X SP* × Y` rules).
    private var lastNonSpace: LineBreakClass?
    /// The whole text.
    private let text: String
    /// UTF-8 offset of the end of the clusters measured so far.
    private var utf8End = 0

    /// A buffer over `text`.
    init(_ text: String, font: PreviewFont) {
        self.font = font
        self.text = text
        remaining = text.makeIterator()
    }

    /// Whether the text has a cluster at `index`, measuring up to it if needed.
    mutating func has(_ index: Int) -> Bool {
        while clusters.count <= index {
            guard let character = remaining.next() else { return false }
            append(character)
        }
        return true
    }

    /// The cluster at `index`, which `has(_:)` must have confirmed.
    subscript(index: Int) -> Cluster { clusters[index] }

    /// Total width of the clusters in `range`.
    func width(of range: Range<Int>) -> Double {
        clusters[range].reduce(0) { $0 + $1.width }
    }

    /// The text of the clusters in `range`, cut out of the text in one copy.
    func text(of range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let start = clusters[range.lowerBound].utf8Start
        let end = range.upperBound < clusters.count ? clusters[range.upperBound].utf8Start : utf8End
        let bytes = text.utf8
        let from = bytes.index(bytes.startIndex, offsetBy: start)
        return String(decoding: bytes[from..<bytes.index(from, offsetBy: end - start)], as: UTF8.self)
    }

    /// UTF-8 length of the text of the clusters in `range`.
    func utf8Count(of range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        let end = range.upperBound < clusters.count ? clusters[range.upperBound].utf8Start : utf8End
        return end - clusters[range.lowerBound].utf8Start
    }

    /// Measures and classifies one more cluster.
    private mutating func append(_ character: Character) {
        let emoji = character.isEmojiCluster
        let lineBreakClass = LineBreakClass(cluster: character, isEmoji: emoji)
        var breakBefore = false
        if let previous = clusters.last?.lineBreakClass {
            if previous != .sp { lastNonSpace = previous }
            breakBefore = LineBreakClass.allowsBreak(
                between: previous, and: lineBreakClass, lastNonSpace: lastNonSpace)
        }
        clusters.append(
            Cluster(
                width: font.width(of: character, isEmoji: emoji),
                lineBreakClass: lineBreakClass, breakBefore: breakBefore, utf8Start: utf8End))
        utf8End += character.utf8.count
    }
}
