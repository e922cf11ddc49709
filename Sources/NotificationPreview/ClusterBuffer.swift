/// One grapheme cluster with everything the wrapper needs to know about it (plain values, so
/// wrapping copies no reference; the text is cut out of the original by `utf8Start`).
struct Cluster: Sendable {
    /// Its width in points in the wrapper's font (in a shaped word, its share of the word's
    /// shaped width).
    var width: Double
    /// Its UAX #14 class as a whole cluster.
    let lineBreakClass: LineBreakClass
    /// Whether a line may break before it.
    let breakBefore: Bool
    /// UTF-8 offset of its first byte in the text, so a line is cut out of the text in one copy.
    let utf8Start: Int
    /// Index in `ClusterBuffer.shapedWords` of the shaped word it belongs to, or -1.
    var shapedWord: Int32 = -1
    /// Whether the last letter up to and including it is of a cursive script, so punctuation
    /// after it (an ellipsis too) is drawn untracked.
    var cursiveAfter = false

    /// Spaces hang at a line end and are dropped there.
    var isSpace: Bool { lineBreakClass == .sp }
}

/// A word of a shaped script (`ShapedScript`): clusters with no break opportunity between them,
/// measured together by HarfBuzz.
struct ShapedWordSpan: Sendable {
    /// Its clusters.
    let clusters: Range<Int>
    /// Its script, which picks the font.
    let script: ShapedScript
}

/// The clusters of a text, measured and classified on demand, so a field limited to a few
/// lines never measures the rest of a long text.
struct ClusterBuffer {
    /// The clusters measured so far.
    private(set) var clusters: [Cluster] = []
    /// The shaped words among them, in order.
    private(set) var shapedWords: [ShapedWordSpan] = []
    /// The font clusters are measured in.
    let font: PreviewFont
    /// The text's UTF-8 bytes, read once: printable ASCII is measured straight from them.
    private let bytes: [UInt8]
    /// The clusters after `iteratorOffset`, for everything that is not plain ASCII.
    private var remaining: Substring.Iterator
    /// UTF-8 offset `remaining` stands at (behind `utf8End` after plain ASCII clusters).
    private var iteratorOffset = 0
    /// The class of the last cluster that was not a space (for the `X SP* × Y` rules).
    private var lastNonSpace: LineBreakClass?
    /// The whole text.
    let text: String
    /// UTF-8 offset of the end of the clusters measured so far.
    private(set) var utf8End = 0
    /// Where shaped words are remembered for the rest of the call.
    let shapes: ShapedWordCache
    /// Whether the last letter so far (or, before the first, the text's first letter) is of a
    /// cursive script: Chromium then draws punctuation, digits and symbols without letter-spacing
    /// (their script resolves to the letters' and it tracks no cursive script), spaces with it.
    private var cursiveContext: Bool

    /// A buffer over `text`.
    init(_ text: String, font: PreviewFont, shapes: ShapedWordCache = ShapedWordCache()) {
        self.font = font
        self.text = text
        self.shapes = shapes
        bytes = Array(text.utf8)
        remaining = text[...].makeIterator()
        cursiveContext = text.unicodeScalars.first { $0.properties.isAlphabetic }?.isCursive ?? false
    }

    /// Whether the text has a cluster at `index`, measuring up to it if needed.
    mutating func has(_ index: Int) -> Bool {
        while clusters.count <= index {
            guard utf8End < bytes.count else { return false }
            // A printable ASCII byte followed by ASCII (or the end) is a cluster on its own: no
            // Character needs to be built for it.
            let byte = bytes[utf8End]
            if byte >= 0x20, byte < 0x7F, utf8End + 1 == bytes.count || bytes[utf8End + 1] < 0x80 {
                appendASCII(byte)
                continue
            }
            if iteratorOffset != utf8End {
                remaining = text[text.utf8.index(text.startIndex, offsetBy: utf8End)...].makeIterator()
            }
            guard let character = remaining.next() else { return false }
            if let script = ShapedScript(cluster: character) {
                appendWord(startingWith: character, script: script)
            } else {
                append(character)
            }
            iteratorOffset = utf8End
        }
        return true
    }

    /// The cluster at `index`, which `has(_:)` must have confirmed.
    subscript(index: Int) -> Cluster { clusters[index] }

    /// The text of the clusters in `range`, cut out of the text in one copy.
    func text(of range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let start = clusters[range.lowerBound].utf8Start
        let bytes = text.utf8
        let from = bytes.index(bytes.startIndex, offsetBy: start)
        return String(
            decoding: bytes[from..<bytes.index(from, offsetBy: utf8Count(of: range))], as: UTF8.self)
    }

    /// UTF-8 offset of the end of the clusters in `range`.
    func utf8End(of range: Range<Int>) -> Int {
        range.upperBound < clusters.count ? clusters[range.upperBound].utf8Start : utf8End
    }

    /// UTF-8 length of the text of the clusters in `range`.
    func utf8Count(of range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return utf8End(of: range) - clusters[range.lowerBound].utf8Start
    }

    /// Measures and classifies one more cluster.
    private mutating func append(_ character: Character) {
        let emoji = character.isEmojiCluster
        let classified = classify(character, isEmoji: emoji)
        var width = font.width(of: character, isEmoji: emoji)
        if let first = character.unicodeScalars.first {
            let letter =
                first.isASCII ? (0x61...0x7A).contains(first.value | 0x20) : first.properties.isAlphabetic
            if letter {
                cursiveContext = first.isCursive
            } else if cursiveContext, classified.lineBreakClass != .sp, !emoji,
                PreviewFont.runKind(of: character) == .text
            {
                width -= font.tracking
            }
        }
        commit(character, classified, width: width)
    }

    /// The class of `character` and whether a line may break before it, after the clusters
    /// so far, with the `lastNonSpace` that appending it would leave.
    private func classify(
        _ character: Character, isEmoji: Bool
    ) -> (lineBreakClass: LineBreakClass, breakBefore: Bool, lastNonSpace: LineBreakClass?) {
        classify(LineBreakClass(cluster: character, isEmoji: isEmoji))
    }

    /// Whether a line may break before a cluster of `lineBreakClass` after the clusters so far.
    private func classify(
        _ lineBreakClass: LineBreakClass
    ) -> (lineBreakClass: LineBreakClass, breakBefore: Bool, lastNonSpace: LineBreakClass?) {
        var lastNonSpace = lastNonSpace
        var breakBefore = false
        if let previous = clusters.last?.lineBreakClass {
            if previous != .sp { lastNonSpace = previous }
            breakBefore = LineBreakClass.allowsBreak(
                between: previous, and: lineBreakClass, lastNonSpace: lastNonSpace)
        }
        return (lineBreakClass, breakBefore, lastNonSpace)
    }

    /// Measures and classifies one printable ASCII byte, by the same rules as `append(_:)`.
    private mutating func appendASCII(_ byte: UInt8) {
        let classified = classify(LineBreakClass.ascii[Int(byte)])
        var width = font.asciiWidth(byte)
        if (0x61...0x7A).contains(byte | 0x20) {
            cursiveContext = false
        } else if cursiveContext, classified.lineBreakClass != .sp {
            width -= font.tracking
        }
        lastNonSpace = classified.lastNonSpace
        clusters.append(
            Cluster(
                width: width, lineBreakClass: classified.lineBreakClass,
                breakBefore: classified.breakBefore, utf8Start: utf8End, cursiveAfter: cursiveContext))
        utf8End += 1
    }

    /// Appends a classified cluster.
    private mutating func commit(
        _ character: Character,
        _ classified: (lineBreakClass: LineBreakClass, breakBefore: Bool, lastNonSpace: LineBreakClass?),
        width: Double
    ) {
        lastNonSpace = classified.lastNonSpace
        clusters.append(
            Cluster(
                width: width, lineBreakClass: classified.lineBreakClass,
                breakBefore: classified.breakBefore, utf8Start: utf8End, cursiveAfter: cursiveContext))
        utf8End += character.utf8.count
    }

    /// Appends the word of `script` that starts with `first` (up to the next cluster of another
    /// script or the next break opportunity) and measures it shaped, as the browser draws it.
    private mutating func appendWord(startingWith first: Character, script: ShapedScript) {
        cursiveContext = first.unicodeScalars.first?.isCursive ?? false
        let start = clusters.count
        commit(first, classify(first, isEmoji: false), width: font.width(of: first, isEmoji: false))
        while true {
            var peek = remaining
            guard let next = peek.next(), ShapedScript(cluster: next) == script else { break }
            let classified = classify(next, isEmoji: false)
            if classified.breakBefore { break }
            remaining = peek
            commit(next, classified, width: font.width(of: next, isEmoji: false))
        }
        let range = start..<clusters.count
        let base = clusters[start].utf8Start
        let starts = clusters[range].map { $0.utf8Start - base }
        let widths = withUTF8(base..<utf8End) { bytes in
            shapes.clusterWidths(bytes, clusterStarts: starts, script: script, font: font)
        }
        guard let widths else { return }  // no face: the table widths stay
        let word = Int32(shapedWords.count)
        shapedWords.append(ShapedWordSpan(clusters: range, script: script))
        for (offset, width) in widths.enumerated() {
            clusters[start + offset].width = width
            clusters[start + offset].shapedWord = word
        }
    }

    /// Runs `body` on the UTF-8 bytes `range` of the text.
    func withUTF8<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}

extension Unicode.Scalar {
    /// Letters of the cursive scripts Chromium sets without letter-spacing (Arabic, Syriac,
    /// N'Ko, Mongolian) — of those, the engine's fonts draw Arabic.
    var isCursive: Bool {
        ShapedScript(self) == .arabic || (0x0700...0x07FF).contains(value)
            || (0x1800...0x18AF).contains(value)
    }
}
