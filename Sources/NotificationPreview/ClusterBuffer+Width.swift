/// Widths of runs of clusters, exact where a run starts or ends inside a shaped word.
extension ClusterBuffer {
    /// Total width of the clusters in `range` as the browser draws them on their own: the
    /// clusters' widths, except that a piece of a shaped word the range cuts is shaped again on
    /// its own (the browser draws "كتا…" with a final form, not with the medial one the whole
    /// word gives it).
    func width(of range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        var total = clusters[range].reduce(0) { $0 + $1.width }
        let first = clusters[range.lowerBound].shapedWord
        let last = clusters[range.upperBound - 1].shapedWord
        if first >= 0 { total += correction(of: range, in: Int(first)) }
        if last >= 0, last != first { total += correction(of: range, in: Int(last)) }
        return total
    }

    /// What the part of shaped word `word` inside `range` measures shaped on its own, less its
    /// clusters' shares: 0 when the range holds the whole word.
    private func correction(of range: Range<Int>, in word: Int) -> Double {
        let span = shapedWords[word]
        let piece = range.clamped(to: span.clusters)
        guard piece != span.clusters else { return 0 }
        return shapedWidth(of: piece, script: span.script) - clusters[piece].reduce(0) { $0 + $1.width }
    }

    /// The end of the shaped word a line starting at `start` begins in the middle of (after a
    /// word too wide for its column was broken), or 0: up to there the line's width must be
    /// measured by shaping the piece rather than by adding the clusters' shares.
    func endOfCutWord(startingLineAt start: Int) -> Int {
        guard start < clusters.count, clusters[start].shapedWord >= 0 else { return 0 }
        let span = shapedWords[Int(clusters[start].shapedWord)].clusters
        return span.lowerBound < start ? span.upperBound : 0
    }

    /// The width of the clusters `piece` of one shaped word, shaped on their own.
    private func shapedWidth(of piece: Range<Int>, script: ShapedScript) -> Double {
        let bytes = clusters[piece.lowerBound].utf8Start..<utf8End(of: piece)
        let width = withUTF8(bytes) {
            shapes.clusterWidths($0, clusterStarts: [0], script: script, font: font)
        }
        return width?[0] ?? clusters[piece].reduce(0) { $0 + $1.width }
    }
}

extension PreviewFont {
    /// Width of `line` drawn on its own, as the page draws one computed line: Arabic and
    /// Devanagari words shaped, punctuation and digits after Arabic untracked.
    func lineWidth(of line: String) -> Double {
        var buffer = ClusterBuffer(line, font: self)
        var count = 0
        while buffer.has(count) { count += 1 }
        return buffer.width(of: 0..<count)
    }
}
