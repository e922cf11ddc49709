/// The measured clusters of each text in each font, shared by every layout of one preview (or
/// one matrix): a field is measured once, split into lines once per width, and each finished
/// layout is kept, so the title the banner, the Lock Screen and Notification Center show in the
/// same column is laid out once. Measurement is lazy, so a two-line banner measures only what
/// it shows until an unlimited surface needs the rest.
///
/// It lives for one call on one thread and is never shared between requests.
final class MeasureCache {
    /// A text in a font: its clusters, its splits by width and its finished layouts.
    struct Entry {
        /// The text.
        let text: String
        /// The font's name.
        let font: String
        /// Its clusters, measured so far.
        var clusters: ClusterBuffer
        /// Its split into lines at the first width asked for (nearly every text is set at one
        /// width per call, so it is kept here rather than in a list of its own).
        private var split: LineBreaker?
        /// Its splits at other widths.
        private var otherSplits: [LineBreaker] = []
        /// Whether the text needs no JSON escape, once asked (`needsNoEscape`).
        private var verbatim: Bool?

        /// An entry with no split or layout yet.
        init(text: String, font: String, clusters: ClusterBuffer) {
            self.text = text
            self.font = font
            self.clusters = clusters
        }

        /// Whether the text needs no JSON escape, checked on first use for all its layouts.
        mutating func needsNoEscape() -> Bool {
            if let verbatim { return verbatim }
            let checked = LineWrapper.needsNoEscape(text)
            verbatim = checked
            return checked
        }

        /// Runs `body` on the clusters and the split at `width`, made on first use.
        mutating func withSplit<Result>(
            width: Double, _ body: (inout ClusterBuffer, inout LineBreaker) -> Result
        ) -> Result {
            if split == nil { split = LineBreaker(width: width) }
            if split!.width == width { return body(&clusters, &split!) }
            for index in otherSplits.indices where otherSplits[index].width == width {
                return body(&clusters, &otherSplits[index])
            }
            otherSplits.append(LineBreaker(width: width))
            return body(&clusters, &otherSplits[otherSplits.count - 1])
        }
    }

    /// A finished layout with the entry, width and line limit it was made for (a struct, not a
    /// tuple: an array of tuples copies its elements through the runtime's generic witnesses).
    struct KeptLayout {
        /// The index of its entry.
        let entry: Int
        /// The column width.
        let width: Double
        /// The line limit, nil for none.
        let lineLimit: Int?
        /// The layout.
        let layout: FieldLayout
    }

    /// The entries, few per call (title, subtitle and body in a few fonts): found by a scan
    /// comparing bytes (`sameBytes`), instant for the same string, which is what every lookup of
    /// one call passes.
    private var entries: [Entry] = []
    /// The finished layouts of every entry, in one list for the call (a text gets a few: the
    /// banner's, the Lock Screen's, the expanded view's).
    private var kept: [KeptLayout] = []
    /// Shaped words (Arabic, Devanagari) by word and font, shared by every text of the call.
    private let shapes = ShapedWordCache()
    /// The layouts of missing or empty fields, by column, line limit and font: every surface
    /// of a payload without a subtitle shows one, and sharing it spares a box per surface.
    private var emptyLayouts: [FieldLayout] = []

    /// Creates an empty cache, with room for the entries of one call (title, subtitle and body
    /// in a font or two) so adding them never regrows the list.
    init() {
        entries.reserveCapacity(4)
        kept.reserveCapacity(8)
    }

    /// The layout of a field with no text in a column of `width` with `lineLimit`, set in
    /// `font`: made once per call, the same box after.
    func emptyLayout(width: Double, lineLimit: Int?, font: PreviewFont) -> FieldLayout {
        for index in emptyLayouts.indices {
            let layout = emptyLayouts[index]
            if layout.columnWidth == width, layout.lineLimit == lineLimit, layout.fontName == font.name {
                return layout
            }
        }
        let layout = FieldLayout(
            FieldLayout.Fields(columnWidth: width, lineLimit: lineLimit, fontName: font.name))
        emptyLayouts.append(layout)
        return layout
    }

    /// The layout of `text` in `font` at `width` with `lineLimit`: the one kept when it was
    /// made before, else made by `make` from the text's entry (created on first use, keeping what
    /// `make` measured and split for the next caller) and kept.
    func layout(
        _ text: String,
        font: PreviewFont,
        width: Double,
        lineLimit: Int?,
        _ make: (inout Entry) -> FieldLayout
    ) -> FieldLayout {
        let entry = entryIndex(text, font: font)
        for index in kept.indices
        where kept[index].entry == entry && kept[index].width == width && kept[index].lineLimit == lineLimit {
            return kept[index].layout
        }
        let layout = make(&entries[entry])
        kept.append(KeptLayout(entry: entry, width: width, lineLimit: lineLimit, layout: layout))
        return layout
    }

    /// The index of the entry of `text` in `font`, created on first use.
    private func entryIndex(_ text: String, font: PreviewFont) -> Int {
        // A loop over the indices rather than `firstIndex(where:)`, whose closure would be
        // handed a copy of each entry.
        for index in entries.indices
        where entries[index].font == font.name && Self.sameBytes(entries[index].text, text) {
            return index
        }
        entries.append(
            Entry(text: text, font: font.name, clusters: ClusterBuffer(text, font: font, shapes: shapes)))
        return entries.count - 1
    }

    /// Whether two texts are the same bytes. Not `==`: canonically equivalent spellings (a
    /// precomposed "é" and "e" + U+0301) are equal strings but are measured and cut differently.
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        var (first, second) = (first, second)
        return first.withUTF8 { one in
            second.withUTF8 { other in
                one.count == other.count && (one.baseAddress == other.baseAddress || one.elementsEqual(other))
            }
        }
    }
}
