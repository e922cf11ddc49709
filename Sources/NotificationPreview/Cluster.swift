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
