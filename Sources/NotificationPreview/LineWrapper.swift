import JSON

/// Greedy line breaking with tail truncation, the way UILabel lays out with
/// `NSLineBreakByTruncatingTail` (ios-rendering.md §1.4 and §7 steps 3–6).
struct LineWrapper {
    /// The font every cluster is measured in.
    let font: PreviewFont
    /// Where measured clusters are shared with the other layouts of the same call.
    var cache: MeasureCache? = nil

    /// Slack for floating-point sums, far below anything visible.
    private static let epsilon = LineBreaker.epsilon

    /// Lays `text` out in `width` points on at most `lineLimit` lines (nil: unlimited). With a
    /// cache, a layout asked for again is answered from it, and one at a width already split
    /// continues that split.
    func layout(_ text: String, width: Double, lineLimit: Int?) -> FieldLayout {
        guard let cache else {
            var clusters = ClusterBuffer(text, font: font)
            var breaker = LineBreaker(width: width)
            return layout(
                text, in: &clusters, breaker: &breaker, lineLimit: lineLimit,
                verbatim: Self.needsNoEscape(text))
        }
        return cache.layout(text, font: font, width: width, lineLimit: lineLimit) { entry in
            let verbatim = entry.needsNoEscape()
            return entry.withSplit(width: width) { clusters, breaker in
                layout(text, in: &clusters, breaker: &breaker, lineLimit: lineLimit, verbatim: verbatim)
            }
        }
    }

    /// Whether `text` needs no JSON escape, so neither do the lines cut out of it.
    static func needsNoEscape(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(JSONWriter.isVerbatim)
    }

    /// Lays `text`, measured in `clusters`, out on the lines `breaker` finds; `verbatim` says
    /// whether the text needs no JSON escape.
    private func layout(
        _ text: String, in clusters: inout ClusterBuffer, breaker: inout LineBreaker, lineLimit: Int?,
        verbatim: Bool
    ) -> FieldLayout {
        // One line more than the limit tells whether the text is cut.
        breaker.advance(toLines: lineLimit.map { $0 + 1 }, in: &clusters)
        let found = breaker.lineCount
        let width = breaker.width
        var layout = FieldLayout.Fields(
            columnWidth: width, lineLimit: lineLimit, text: text, fontName: font.name,
            linesNeedNoEscape: verbatim)
        let limit = lineLimit ?? Int.max
        var shown = 0
        let count = min(limit, found)
        layout.spans.reserveCapacity(count)
        for index in 0..<count {
            let line = breaker.shownLine(index) { range in
                let trimmed = trimmingTrailingSpaces(range, in: clusters)
                return LineBreaker.ShownLine(
                    span: clusters.span(of: trimmed), width: clusters.width(of: trimmed),
                    clusters: trimmed.count)
            }
            layout.spans.append(
                FieldLayout.LineSpan(
                    start: line.span.lowerBound, end: line.span.upperBound, ellipsis: false, width: line.width
                ))
            shown += line.clusters
        }
        layout.shownClusters = shown
        guard found > limit, limit > 0 else { return FieldLayout(consume layout) }
        let lastShown = breaker.range(ofLine: limit - 1)
        shown -= trimmingTrailingSpaces(lastShown, in: clusters).count
        let cut = truncationPoint(from: lastShown.lowerBound, in: &clusters, width: width)
        let kept = lastShown.lowerBound..<cut
        let keptSpan = clusters.span(of: kept)
        layout.spans[layout.spans.count - 1] = FieldLayout.LineSpan(
            start: keptSpan.lowerBound, end: keptSpan.upperBound, ellipsis: true,
            width: clusters.width(of: kept) + ellipsisWidth(after: kept.upperBound, in: clusters))
        layout.truncated = true
        layout.shownClusters = shown + kept.count
        layout.truncation = TruncationOffset(
            characters: cut, utf8: clusters.utf8Count(of: 0..<cut), utf16: clusters.utf16Count(of: 0..<cut))
        return FieldLayout(consume layout)
    }

    /// The end of the longest run of clusters from `start` (stopping at a hard break) that
    /// fits in `width` together with the ellipsis, with trailing spaces dropped.
    private func truncationPoint(from start: Int, in clusters: inout ClusterBuffer, width: Double) -> Int {
        let available = width - clusters.ellipsisWidth + Self.epsilon
        var used = 0.0
        var end = start
        while clusters.has(end), !clusters[end].lineBreakClass.isHardBreak,
            used + clusters[end].width <= available || clusters[end].isSpace
        {
            used += clusters[end].width
            end += 1
        }
        var cut = trimmingTrailingSpaces(start..<end, in: clusters).upperBound
        // A cut inside a shaped word draws the kept piece with its final form, and an ellipsis
        // after Arabic is drawn untracked: back off while either is wider than allowed.
        while cut > start,
            clusters.width(of: start..<cut) + ellipsisWidth(after: cut, in: clusters) > width + Self.epsilon
        {
            cut = trimmingTrailingSpaces(start..<cut - 1, in: clusters).upperBound
        }
        return cut
    }

    /// The ellipsis after the cluster before `end`: untracked after a cursive script's letter,
    /// as Chromium draws it (`ClusterBuffer.cursiveContext`).
    private func ellipsisWidth(after end: Int, in clusters: ClusterBuffer) -> Double {
        let tracked = clusters.ellipsisWidth
        return end > 0 && clusters[end - 1].cursiveAfter ? tracked - font.tracking : tracked
    }

    /// `range` without the spaces at its end, which do not show at a line end.
    private func trimmingTrailingSpaces(_ range: Range<Int>, in clusters: ClusterBuffer) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, clusters[end - 1].isSpace { end -= 1 }
        return range.lowerBound..<end
    }
}
