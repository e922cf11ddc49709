/// Greedy line breaking with tail truncation, the way UILabel lays out with
/// `NSLineBreakByTruncatingTail` (ios-rendering.md §1.4 and §7 steps 3–6).
struct LineWrapper: Sendable {
    /// The font every cluster is measured in.
    let font: PreviewFont

    /// Slack for floating-point sums, far below anything visible.
    private static let epsilon = 0.0001

    /// One grapheme cluster with everything the wrapper needs to know about it.
    private struct Cluster {
        let character: Character
        let width: Double
        let lineBreakClass: LineBreakClass
        var isSpace: Bool { lineBreakClass == .sp }
    }

    /// Lays `text` out in `width` points on at most `lineLimit` lines (nil: unlimited).
    func layout(_ text: String, width: Double, lineLimit: Int?) -> FieldLayout {
        let clusters = text.map { character in
            let emoji = character.isEmojiCluster
            return Cluster(
                character: character, width: font.width(of: character),
                lineBreakClass: LineBreakClass(cluster: character, isEmoji: emoji))
        }
        let breaks = LineBreakClass.breakOpportunities(clusters.map(\.lineBreakClass))
        let ranges = lineRanges(clusters, breaks: breaks, width: width)
        var layout = FieldLayout.empty(columnWidth: width, lineLimit: lineLimit)
        layout.text = text
        let limit = lineLimit ?? Int.max
        for range in ranges.prefix(limit) {
            let trimmed = trimmingTrailingSpaces(range, in: clusters)
            layout.lines.append(String(clusters[trimmed].map(\.character)))
            layout.lineWidths.append(clusters[trimmed].reduce(0) { $0 + $1.width })
        }
        guard ranges.count > limit, let lastShown = ranges.prefix(limit).last else { return layout }
        let cut = truncationPoint(from: lastShown.lowerBound, in: clusters, width: width)
        let kept = String(clusters[lastShown.lowerBound..<cut].map(\.character))
        let ellipsis = font.width(of: "…" as Character)
        layout.lines[layout.lines.count - 1] = kept + "…"
        layout.lineWidths[layout.lineWidths.count - 1] =
            clusters[lastShown.lowerBound..<cut].reduce(0) { $0 + $1.width } + ellipsis
        layout.truncated = true
        let shown = clusters[..<cut].map(\.character)
        layout.truncation = TruncationOffset(
            characters: cut,
            utf8: shown.reduce(0) { $0 + $1.utf8.count },
            utf16: shown.reduce(0) { $0 + $1.utf16.count })
        return layout
    }

    /// Splits the clusters into lines: hard breaks at BK/CR/LF/NL, otherwise a break at the
    /// last opportunity before the overflowing cluster, or before that cluster when the line
    /// has no opportunity (UIKit wraps over-long words by character). Spaces hang past the edge.
    private func lineRanges(_ clusters: [Cluster], breaks: [Bool], width: Double) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var lineWidth = 0.0
        var index = 0
        while index < clusters.count {
            let cluster = clusters[index]
            if cluster.lineBreakClass.isHardBreak {
                ranges.append(start..<index)
                index += 1
                start = index
                lineWidth = 0
                continue
            }
            if !cluster.isSpace, index > start, lineWidth + cluster.width > width + Self.epsilon {
                let opportunity = (start + 1...index).last { breaks[$0] }
                let end = opportunity ?? index
                ranges.append(start..<end)
                start = end
                lineWidth = clusters[start..<index].reduce(0) { $0 + $1.width }
                continue
            }
            lineWidth += cluster.width
            index += 1
        }
        if start < clusters.count { ranges.append(start..<clusters.count) }
        return ranges
    }

    /// The end of the longest run of clusters from `start` (stopping at a hard break) that
    /// fits in `width` together with the ellipsis, with trailing spaces dropped.
    private func truncationPoint(from start: Int, in clusters: [Cluster], width: Double) -> Int {
        let available = width - font.width(of: "…" as Character) + Self.epsilon
        var used = 0.0
        var end = start
        while end < clusters.count, !clusters[end].lineBreakClass.isHardBreak,
            used + clusters[end].width <= available || clusters[end].isSpace
        {
            used += clusters[end].width
            end += 1
        }
        return trimmingTrailingSpaces(start..<end, in: clusters).upperBound
    }

    /// `range` without the spaces at its end, which do not show at a line end.
    private func trimmingTrailingSpaces(_ range: Range<Int>, in clusters: [Cluster]) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, clusters[end - 1].isSpace { end -= 1 }
        return range.lowerBound..<end
    }
}
