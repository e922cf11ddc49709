/// Greedy line breaking with tail truncation, the way UILabel lays out with
/// `NSLineBreakByTruncatingTail` (ios-rendering.md §1.4 and §7 steps 3–6).
struct LineWrapper {
    /// The font every cluster is measured in.
    let font: PreviewFont
    /// Where measured clusters are shared with the other layouts of the same call.
    var cache: MeasureCache? = nil

    /// Slack for floating-point sums, far below anything visible.
    private static let epsilon = 0.0001

    /// Lays `text` out in `width` points on at most `lineLimit` lines (nil: unlimited).
    func layout(_ text: String, width: Double, lineLimit: Int?) -> FieldLayout {
        guard let cache else {
            var clusters = ClusterBuffer(text, font: font)
            return layout(text, in: &clusters, width: width, lineLimit: lineLimit)
        }
        return cache.withBuffer(text, font: font) {
            layout(text, in: &$0, width: width, lineLimit: lineLimit)
        }
    }

    /// Lays `text`, measured in `clusters`, out in `width` points.
    private func layout(
        _ text: String, in clusters: inout ClusterBuffer, width: Double, lineLimit: Int?
    ) -> FieldLayout {
        let ranges = lineRanges(&clusters, width: width, stopAfter: lineLimit.map { $0 + 1 })
        var layout = FieldLayout.empty(columnWidth: width, lineLimit: lineLimit)
        layout.text = text
        layout.fontName = font.name
        let limit = lineLimit ?? Int.max
        var shown = 0
        for range in ranges.prefix(limit) {
            let trimmed = trimmingTrailingSpaces(range, in: clusters)
            layout.lines.append(clusters.text(of: trimmed))
            layout.lineWidths.append(clusters.width(of: trimmed))
            shown += trimmed.count
        }
        layout.shownClusters = shown
        guard ranges.count > limit, let lastShown = ranges.prefix(limit).last else { return layout }
        shown -= trimmingTrailingSpaces(lastShown, in: clusters).count
        let cut = truncationPoint(from: lastShown.lowerBound, in: &clusters, width: width)
        let kept = lastShown.lowerBound..<cut
        layout.lines[layout.lines.count - 1] = clusters.text(of: kept) + "…"
        layout.lineWidths[layout.lineWidths.count - 1] =
            clusters.width(of: kept) + ellipsisWidth(after: kept.upperBound, in: clusters)
        layout.truncated = true
        layout.shownClusters = shown + kept.count
        let shownText = clusters.text(of: 0..<cut)
        layout.truncation = TruncationOffset(
            characters: cut, utf8: shownText.utf8.count, utf16: shownText.utf16.count)
        return layout
    }

    /// Splits the clusters into lines: hard breaks at BK/CR/LF/NL, otherwise a break at the
    /// last opportunity before the overflowing cluster, or before that cluster when the line
    /// has no opportunity (UIKit wraps over-long words by character). Spaces hang past the edge.
    /// With `stopAfter`, it stops once that many lines are known (enough to tell truncation).
    private func lineRanges(_ clusters: inout ClusterBuffer, width: Double, stopAfter: Int?) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var lineWidth = 0.0
        var index = 0
        // The last break opportunity after `start` seen so far (0: none), and the end of the
        // shaped word the line begins inside of, after a word too wide for the column was cut
        // (0: none): there the line is measured by shaping the piece on its own.
        var opportunity = 0
        var cutWordEnd = 0
        while clusters.has(index) {
            if let stopAfter, ranges.count >= stopAfter { return ranges }
            let cluster = clusters[index]
            if cluster.lineBreakClass.isHardBreak {
                ranges.append(start..<index)
                index += 1
                start = index
                lineWidth = 0
                opportunity = 0
                cutWordEnd = 0
                continue
            }
            if cluster.breakBefore, index > start { opportunity = index }
            let widthWith =
                index < cutWordEnd ? clusters.width(of: start..<index + 1) : lineWidth + cluster.width
            if !cluster.isSpace, index > start, widthWith > width + Self.epsilon {
                var end = opportunity > start ? opportunity : index
                // Inside a word too wide for the column, the piece is shaped on its own and may
                // be wider than its clusters' shares: back off until it fits.
                while opportunity <= start, end > start + 1,
                    clusters.width(of: start..<end) > width + Self.epsilon
                {
                    end -= 1
                }
                ranges.append(start..<end)
                start = end
                lineWidth = clusters.width(of: start..<index)
                opportunity = (start + 1..<max(start + 1, index + 1)).last { clusters[$0].breakBefore } ?? 0
                cutWordEnd = clusters.endOfCutWord(startingLineAt: start)
                continue
            }
            lineWidth = widthWith
            index += 1
        }
        if start < index { ranges.append(start..<index) }
        return ranges
    }

    /// The end of the longest run of clusters from `start` (stopping at a hard break) that
    /// fits in `width` together with the ellipsis, with trailing spaces dropped.
    private func truncationPoint(from start: Int, in clusters: inout ClusterBuffer, width: Double) -> Int {
        let available = width - font.width(of: "…" as Character) + Self.epsilon
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
        let tracked = font.width(of: "…" as Character)
        return end > 0 && clusters[end - 1].cursiveAfter ? tracked - font.tracking : tracked
    }

    /// `range` without the spaces at its end, which do not show at a line end.
    private func trimmingTrailingSpaces(_ range: Range<Int>, in clusters: ClusterBuffer) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, clusters[end - 1].isSpace { end -= 1 }
        return range.lowerBound..<end
    }
}
