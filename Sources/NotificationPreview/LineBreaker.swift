/// The greedy split of one text's clusters into lines at one width, kept between layouts: the
/// banner's two lines, the Lock Screen's four and the expanded view's all are the first lines of
/// one split, so each later layout at the same width only continues where the last one stopped.
///
/// Hard breaks at BK/CR/LF/NL; otherwise a break at the last opportunity before the overflowing
/// cluster, or before that cluster when the line has none (UIKit wraps over-long words by
/// character). Spaces hang past the edge.
struct LineBreaker {
    /// The column width in points.
    let width: Double
    /// The lines found so far, in one list: each one's clusters and, once a layout asked for
    /// it, the line as shown.
    private var lines: [Line] = []
    /// Whether every cluster of the text is in a line.
    private(set) var finished = false

    /// One line found: its clusters (spaces at its end included) and how it shows, made on
    /// first use: the Lock Screen and the expanded view show the same first lines, so each is
    /// trimmed and measured once.
    private struct Line {
        let range: Range<Int>
        var shown: ShownLine? = nil
    }

    /// One line as a layout shows it: trailing spaces dropped.
    struct ShownLine {
        /// Its bytes in the text (`ClusterBuffer.span(of:)`).
        let span: Range<Int>
        /// Its width in points.
        let width: Double
        /// How many clusters it shows.
        let clusters: Int
    }

    // The greedy loop's state between calls: the current line's start and width, the next
    // cluster, the last break opportunity after `start` seen so far (0: none), and the end of
    // the shaped word the line begins inside of, after a word too wide for the column was cut
    // (0: none): there the line is measured by shaping the piece on its own.
    private var start = 0
    private var lineWidth = 0.0
    private var index = 0
    private var opportunity = 0
    private var cutWordEnd = 0

    /// Slack for floating-point sums, far below anything visible.
    static let epsilon = 0.0001

    /// A split at `width` that has found no line yet, with room for a few lines so that
    /// finding and showing them does not regrow the list line after line.
    init(width: Double) {
        self.width = width
        lines.reserveCapacity(Self.reservedLines)
    }

    /// Lines a split has room for before its list grows: a short body's all.
    private static let reservedLines = 8

    /// How many lines are found so far.
    var lineCount: Int { lines.count }

    /// The clusters of line `index` (spaces at its end included).
    func range(ofLine index: Int) -> Range<Int> { lines[index].range }

    /// The lines found so far, as cluster ranges.
    var ranges: [Range<Int>] { lines.map(\.range) }

    /// Line `index` as shown, made by `make` from its range the first time.
    mutating func shownLine(_ index: Int, _ make: (Range<Int>) -> ShownLine) -> ShownLine {
        if let shown = lines[index].shown { return shown }
        let shown = make(lines[index].range)
        lines[index].shown = shown
        return shown
    }

    /// Finds lines until at least `count` are known (all of them when nil) or the text ends.
    mutating func advance(toLines count: Int?, in clusters: inout ClusterBuffer) {
        while !finished {
            if let count, lines.count >= count { return }
            guard clusters.has(index) else {
                if start < index { lines.append(Line(range: start..<index)) }
                finished = true
                return
            }
            step(&clusters)
        }
    }

    /// Takes the cluster at `index` onto the current line, or ends the line before it.
    /// Inlined into `advance`'s loop: it runs once per cluster, and a call costs as much as
    /// the step.
    @inline(__always)
    private mutating func step(_ clusters: inout ClusterBuffer) {
        let cluster = clusters[index]
        if cluster.lineBreakClass.isHardBreak {
            lines.append(Line(range: start..<index))
            index += 1
            start = index
            lineWidth = 0
            opportunity = 0
            cutWordEnd = 0
            return
        }
        if cluster.breakBefore, index > start { opportunity = index }
        let widthWith =
            index < cutWordEnd ? clusters.width(of: start..<index + 1) : lineWidth + cluster.width
        guard cluster.isSpace || index == start || widthWith <= width + Self.epsilon else {
            var end = opportunity > start ? opportunity : index
            // Inside a word too wide for the column, the piece is shaped on its own and may
            // be wider than its clusters' shares: back off until it fits.
            while opportunity <= start, end > start + 1,
                clusters.width(of: start..<end) > width + Self.epsilon
            {
                end -= 1
            }
            lines.append(Line(range: start..<end))
            start = end
            lineWidth = clusters.width(of: start..<index)
            opportunity = (start + 1..<max(start + 1, index + 1)).last { clusters[$0].breakBefore } ?? 0
            cutWordEnd = clusters.endOfCutWord(startingLineAt: start)
            return
        }
        lineWidth = widthWith
        index += 1
    }
}
