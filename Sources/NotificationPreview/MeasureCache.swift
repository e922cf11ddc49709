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
        /// Its splits into lines, one per width asked for.
        var breakers: [LineBreaker] = []
        /// Finished layouts by width and line limit.
        var layouts: [KeptLayout]
        /// Whether the text needs no JSON escape, once asked (`needsNoEscape`).
        private var verbatim: Bool?

        /// An entry with no split or layout yet, with room for the few layouts one text gets
        /// (banner, Lock Screen, expanded) so keeping them never regrows the list.
        init(text: String, font: String, clusters: ClusterBuffer) {
            self.text = text
            self.font = font
            self.clusters = clusters
            layouts = []
            layouts.reserveCapacity(4)
        }

        /// Whether the text needs no JSON escape, checked on first use for all its layouts.
        mutating func needsNoEscape() -> Bool {
            if let verbatim { return verbatim }
            let checked = LineWrapper.needsNoEscape(text)
            verbatim = checked
            return checked
        }

        /// The index in `breakers` of the split at `width`, made on first use.
        mutating func breaker(width: Double) -> Int {
            for index in breakers.indices where breakers[index].width == width { return index }
            breakers.append(LineBreaker(width: width))
            return breakers.count - 1
        }

        /// The layout kept for `width` and `lineLimit`, if any.
        func layout(width: Double, lineLimit: Int?) -> FieldLayout? {
            for index in layouts.indices
            where layouts[index].width == width && layouts[index].lineLimit == lineLimit {
                return layouts[index].layout
            }
            return nil
        }
    }

    /// A finished layout with the width and line limit it was made for (a struct, not a
    /// tuple: an array of tuples copies its elements through the runtime's generic witnesses).
    struct KeptLayout {
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
    /// Shaped words (Arabic, Devanagari) by word and font, shared by every text of the call.
    private let shapes = ShapedWordCache()
    /// The layouts of missing or empty fields, by column, line limit and font: every surface
    /// of a payload without a subtitle shows one, and sharing it spares a box per surface.
    private var emptyLayouts: [FieldLayout] = []

    /// Creates an empty cache, with room for the entries of one call (title, subtitle and body
    /// in a font or two) so adding them never regrows the list.
    init() {
        entries.reserveCapacity(4)
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

    /// Runs `body` on the entry of `text` in `font`, creating it on first use and keeping what
    /// `body` measured, split and laid out for the next caller.
    func withEntry<Result>(
        _ text: String,
        font: PreviewFont,
        _ body: (inout Entry) -> Result
    ) -> Result {
        // A loop over the indices rather than `firstIndex(where:)`, whose closure would be
        // handed a copy of each entry.
        for index in entries.indices
        where entries[index].font == font.name && Self.sameBytes(entries[index].text, text) {
            return body(&entries[index])
        }
        entries.append(
            Entry(text: text, font: font.name, clusters: ClusterBuffer(text, font: font, shapes: shapes)))
        return body(&entries[entries.count - 1])
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
