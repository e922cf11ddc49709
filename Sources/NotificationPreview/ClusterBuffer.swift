/// The clusters of a text, measured and classified on demand, so a field limited to a few
/// lines never measures the rest of a long text.
struct ClusterBuffer {
    /// The clusters measured so far.
    private(set) var clusters: [Cluster] = []
    /// The shaped words among them, in order.
    private(set) var shapedWords: [ShapedWordSpan] = []
    /// The font clusters are measured in.
    let font: PreviewFont
    /// How many UTF-8 bytes the text has. Scalars below U+0300 are measured straight from the
    /// text's own bytes (`withUTF8`), never copied out of it.
    private let byteCount: Int
    /// The clusters after `iteratorOffset`, for everything the tables do not cover.
    private var remaining: Substring.Iterator
    /// UTF-8 offset `remaining` stands at (behind `utf8End` after tabled clusters).
    private var iteratorOffset = 0
    /// The font's widths of the scalars below U+0300.
    private let table: TabledWidths
    /// The break rules, kept for the per-cluster lookups.
    private let breaks = LineBreakClass.breakTable
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
        byteCount = text.utf8.count
        // One cluster per byte at most: the array never grows while a long text is measured.
        clusters.reserveCapacity(byteCount)
        table = TabledWidths.of(font)
        remaining = text[...].makeIterator()
        var copy = text
        cursiveContext = copy.withUTF8 { Self.firstLetterIsCursive(text, bytes: $0) }
    }

    /// Whether the first letter of `text` (whose UTF-8 is `bytes`) is of a cursive script.
    /// Leading ASCII is read from the bytes: an ASCII letter is no cursive one, and no other
    /// ASCII scalar is a letter; only text reaching a non-ASCII scalar first is decoded.
    static func firstLetterIsCursive(_ text: String, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            guard byte < 0x80 else {
                return text.unicodeScalars.first { $0.properties.isAlphabetic }?.isCursive ?? false
            }
            if (0x61...0x7A).contains(byte | 0x20) { return false }
        }
        return false
    }

    /// Whether the text has a cluster at `index`, measuring up to it if needed. Inlined: the
    /// breaker asks once per cluster, and nearly every answer is already measured.
    @inline(__always)
    mutating func has(_ index: Int) -> Bool {
        index < clusters.count || measure(through: index)
    }

    /// Measures clusters until the one at `index` is known; false when the text ends first.
    private mutating func measure(through index: Int) -> Bool {
        while clusters.count <= index {
            guard utf8End < byteCount else { return false }
            // Runs of tabled scalars in one tight loop, a few dozen clusters past the one asked
            // for, so the breaker's next questions are answered without coming back here.
            if appendTabledRun(until: index + Self.tabledLookahead) { continue }
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

    /// Width of the ellipsis in the buffer's font (tracked), measured once per font.
    var ellipsisWidth: Double { table.ellipsis }

    /// The cluster at `index`, which `has(_:)` must have confirmed.
    subscript(index: Int) -> Cluster { clusters[index] }

    /// The UTF-8 offsets of the text of the clusters in `range` (empty at 0 for no cluster).
    func span(of range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        return clusters[range.lowerBound].utf8Start..<utf8End(of: range)
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

    /// UTF-16 length of the text of the clusters in `range`, counted from the bytes: one unit
    /// per scalar, two for a scalar of four bytes.
    func utf16Count(of range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return withUTF8(clusters[range.lowerBound].utf8Start..<utf8End(of: range)) { bytes in
            var count = 0
            for byte in bytes {
                if byte & 0xC0 != 0x80 { count += 1 }
                if byte >= 0xF0 { count += 1 }
            }
            return count
        }
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
        Self.classify(
            lineBreakClass, after: clusters.last?.lineBreakClass, lastNonSpace: lastNonSpace, in: breaks)
    }

    /// Whether a line may break before a cluster of `lineBreakClass` after a cluster of class
    /// `previous` (nil: the text's first), with `lastNonSpace` before it. Static, so the
    /// per-cluster path of a mutating caller does not copy the whole buffer to call it.
    private static func classify(
        _ lineBreakClass: LineBreakClass, after previous: LineBreakClass?, lastNonSpace: LineBreakClass?,
        in breaks: LineBreakClass.BreakTable
    ) -> (lineBreakClass: LineBreakClass, breakBefore: Bool, lastNonSpace: LineBreakClass?) {
        guard let previous else { return (lineBreakClass, false, lastNonSpace) }
        let lastNonSpace = previous != .sp ? previous : lastNonSpace
        let breakBefore = breaks.allowsBreak(
            between: previous, and: lineBreakClass, lastNonSpace: lastNonSpace)
        return (lineBreakClass, breakBefore, lastNonSpace)
    }

    /// Clusters measured past the one asked for while a run of tabled scalars lasts: enough
    /// that the breaker rarely comes back, few enough that a two-line banner of a long text
    /// still measures only what it shows.
    private static let tabledLookahead = 48

    /// Appends clusters of tabled scalars from `utf8End` on while fewer than `limit` are known,
    /// by the same rules as `append(_:)`; whether it appended any. A scalar below U+0300
    /// (ASCII, Latin-1, Latin Extended, IPA) followed by ASCII, by another such scalar or by
    /// the end is a cluster on its own (no combining mark or joiner lies below U+0300), so it is
    /// measured from the tables and no Character is built. The loop keeps its state in locals
    /// and reads the bytes and the table through pointers: it runs once per Latin letter.
    private mutating func appendTabledRun(until limit: Int) -> Bool {
        let first = clusters.count
        var offset = utf8End
        var previous = clusters.last?.lineBreakClass
        var lastNonSpace = self.lastNonSpace
        var cursive = cursiveContext
        var text = self.text
        let (table, breaks) = (self.table, self.breaks)
        text.withUTF8 { bytes in
            table.scalars.withUnsafeBufferPointer { scalars in
                while clusters.count < limit, let (scalar, length) = Self.tabledScalar(at: offset, in: bytes)
                {
                    let next = offset + length
                    guard
                        next == bytes.count || bytes[next] < 0x80
                            || Self.tabledScalar(at: next, in: bytes) != nil
                    else { break }
                    let tabled = scalars[Int(scalar)]
                    let classified = Self.classify(
                        tabled.lineBreakClass, after: previous, lastNonSpace: lastNonSpace, in: breaks)
                    var width = tabled.width
                    if tabled.isLetter {
                        cursive = false
                    } else if cursive, classified.lineBreakClass != .sp, tabled.isTracked {
                        width -= table.tracking
                    }
                    lastNonSpace = classified.lastNonSpace
                    previous = classified.lineBreakClass
                    clusters.append(
                        Cluster(
                            width: width, lineBreakClass: classified.lineBreakClass,
                            breakBefore: classified.breakBefore, utf8Start: offset, cursiveAfter: cursive))
                    offset = next
                }
            }
        }
        (utf8End, self.lastNonSpace, cursiveContext) = (offset, lastNonSpace, cursive)
        return clusters.count > first
    }

    /// The scalar at byte `offset` of `bytes` when the tables cover it (printable ASCII,
    /// U+00A0–U+02FF but the soft hyphen), with its UTF-8 length; nil at the end.
    @inline(__always)
    private static func tabledScalar(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (UInt32, Int)? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        if lead >= 0x20, lead < 0x7F { return (UInt32(lead), 1) }
        guard lead >= 0xC2, lead <= 0xCB, offset + 1 < bytes.count else { return nil }
        let scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
        return scalar >= 0xA0 && scalar != 0xAD ? (scalar, 2) : nil
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
        var text = text
        return text.withUTF8 { body(UnsafeBufferPointer(rebasing: $0[range])) }
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
