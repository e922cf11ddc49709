/// Where a truncated field was cut, in the field's original text.
///
/// Given in several units so each client can use its own: grapheme clusters (what people
/// count), UTF-8 bytes (what APNs counts), UTF-16 code units (what JavaScript and NSString use).
public struct TruncationOffset: Sendable, Hashable {
    /// Number of grapheme clusters (Swift `Character`s) shown before the cut.
    public var characters: Int
    /// UTF-8 byte offset of the first hidden character.
    public var utf8: Int
    /// UTF-16 offset of the first hidden character.
    public var utf16: Int

    /// Creates an offset from its three units.
    public init(characters: Int, utf8: Int, utf16: Int) {
        self.characters = characters
        self.utf8 = utf8
        self.utf16 = utf16
    }
}

/// One text field (title, subtitle or body) laid out in its column: exactly the lines the
/// device shows, and where the text was cut.
///
/// Its values sit behind one reference: a layout is handed to every surface that shows it, to
/// the layout cache and to the document writer, and a copy then counts one reference instead of
/// one per array and string. Changing a field makes a new box (only the wrapper builds layouts,
/// and it fills `Fields` first).
///
/// The lines are kept as spans of the text's bytes (`LineSpan`), not as strings: the document
/// writer copies each line's bytes straight from the text, and no string is made per line
/// unless `lines` is read.
public struct FieldLayout: Sendable, Hashable {
    /// One shown line: a run of the bytes of the text the lines are cut from, its width, and
    /// whether "…" follows it (the last line of a cut field).
    struct LineSpan: Sendable, Hashable {
        /// UTF-8 offset of its first byte.
        var start: Int
        /// UTF-8 offset after its last byte (trailing spaces dropped).
        var end: Int
        /// Whether "…" is drawn after it.
        var ellipsis: Bool
        /// Its width in points, the ellipsis included.
        var width: Double
    }

    /// The values of a layout, as the wrapper fills them in.
    struct Fields: Sendable, Hashable {
        /// The lines, as spans of `lineSource ?? text`.
        var spans: [LineSpan] = []
        var truncated = false
        var truncation: TruncationOffset? = nil
        var columnWidth: Double
        var lineLimit: Int?
        var text = ""
        var localizationKey: String? = nil
        var fontName = ""
        var shownClusters: Int? = nil
        /// Whether the text needs no JSON escape (`JSONWriter.isVerbatim`), so neither does
        /// any line: a line is the text's bytes between two clusters, with "…" after it, and
        /// every escape the writer makes is of a whole scalar. Checked once per text.
        var linesNeedNoEscape = false
        /// The text the spans cut, when it is not `text`: lines given one by one (`lines`'
        /// setter) are joined into it.
        var lineSource: String? = nil

        /// The text the spans are offsets into.
        var source: String { lineSource ?? text }

        /// Line `index` as a string.
        func line(_ index: Int) -> String {
            let span = spans[index]
            var source = source
            return source.withUTF8 { bytes in
                let piece = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
                return span.ellipsis ? piece + "…" : piece
            }
        }

        /// Makes `lines` the lines, keeping the widths of those that stay.
        mutating func setLines(_ lines: [String]) {
            let widths = spans.map(\.width)
            var joined = ""
            var spans: [LineSpan] = []
            for (index, line) in lines.enumerated() {
                let start = joined.utf8.count
                joined += line
                spans.append(
                    LineSpan(
                        start: start, end: joined.utf8.count, ellipsis: false,
                        width: index < widths.count ? widths[index] : 0))
            }
            (self.spans, lineSource, linesNeedNoEscape) = (spans, joined, false)
        }

        /// Equal values, the lines compared by their bytes (the bytes the document writes).
        static func == (lhs: Fields, rhs: Fields) -> Bool {
            lhs.truncated == rhs.truncated && lhs.truncation == rhs.truncation
                && lhs.columnWidth == rhs.columnWidth && lhs.lineLimit == rhs.lineLimit
                && lhs.localizationKey == rhs.localizationKey && lhs.fontName == rhs.fontName
                && lhs.shownClusters == rhs.shownClusters && lhs.linesNeedNoEscape == rhs.linesNeedNoEscape
                && lhs.text == rhs.text && sameLines(lhs, rhs)
        }

        /// Whether both have the same lines: the same bytes, ellipses and widths.
        private static func sameLines(_ lhs: Fields, _ rhs: Fields) -> Bool {
            guard lhs.spans.count == rhs.spans.count else { return false }
            var (left, right) = (lhs.source, rhs.source)
            return left.withUTF8 { leftBytes in
                right.withUTF8 { rightBytes in
                    zip(lhs.spans, rhs.spans).allSatisfy { one, other in
                        one.ellipsis == other.ellipsis && one.width == other.width
                            && leftBytes[one.start..<one.end].elementsEqual(
                                rightBytes[other.start..<other.end])
                    }
                }
            }
        }

        /// Hashes what `==` compares.
        func hash(into hasher: inout Hasher) {
            hasher.combine(truncated)
            hasher.combine(truncation)
            hasher.combine(columnWidth)
            hasher.combine(lineLimit)
            hasher.combine(localizationKey)
            hasher.combine(fontName)
            hasher.combine(shownClusters)
            hasher.combine(linesNeedNoEscape)
            hasher.combine(text)
            var source = source
            source.withUTF8 { bytes in
                for span in spans {
                    hasher.combine(
                        bytes: UnsafeRawBufferPointer(
                            UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])))
                    hasher.combine(span.ellipsis)
                    hasher.combine(span.width)
                }
            }
        }
    }

    /// The one reference the values sit behind.
    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: consuming Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    /// A layout of `fields`, moved into its box rather than copied.
    init(_ fields: consuming Fields) {
        box = Box(fields)
    }

    /// A field with no text.
    static func empty(columnWidth: Double, lineLimit: Int?) -> FieldLayout {
        FieldLayout(Fields(columnWidth: columnWidth, lineLimit: lineLimit))
    }

    /// Replaces the values by `change` applied to a copy of them.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    /// The lines as shown; a truncated field's last line ends with "…". Made from the text's
    /// bytes each time it is read (`lineCount` and `line(_:)` make fewer strings).
    public var lines: [String] {
        get {
            let fields = box.fields
            return fields.spans.indices.map(fields.line)
        }
        set { update { $0.setLines(newValue) } }
    }
    /// How many lines are shown.
    public var lineCount: Int { box.fields.spans.count }
    /// Line `index` as shown (`lines[index]`, without making the others).
    public func line(_ index: Int) -> String { box.fields.line(index) }
    /// Whether the text did not fit its line limit and was cut.
    public var truncated: Bool {
        get { box.fields.truncated }
        set { update { $0.truncated = newValue } }
    }
    /// Where the original text was cut, when it was.
    public var truncation: TruncationOffset? {
        get { box.fields.truncation }
        set { update { $0.truncation = newValue } }
    }
    /// Width in points of each line, the ellipsis included.
    public var lineWidths: [Double] { box.fields.spans.map(\.width) }
    /// The column width the lines were wrapped to, in points.
    public var columnWidth: Double {
        get { box.fields.columnWidth }
        set { update { $0.columnWidth = newValue } }
    }
    /// The line limit of the field on this surface; nil means unlimited.
    public var lineLimit: Int? {
        get { box.fields.lineLimit }
        set { update { $0.lineLimit = newValue } }
    }
    /// The text before layout (after hidden-preview and localization substitution).
    public var text: String {
        get { box.fields.text }
        set {
            update { fields in
                // The lines stay cut from the old text.
                if fields.lineSource == nil { fields.lineSource = fields.text }
                fields.text = newValue
            }
        }
    }
    /// The strings-file key the text stands for, when the payload used `…loc-key`.
    public var localizationKey: String? {
        get { box.fields.localizationKey }
        set { update { $0.localizationKey = newValue } }
    }
    /// The font role the lines are set in (`PreviewFont.name`; the page's class `pf-<name>`).
    public var fontName: String {
        get { box.fields.fontName }
        set { update { $0.fontName = newValue } }
    }

    /// Whether the lines can be written to JSON without looking for escapes.
    var linesNeedNoEscape: Bool { box.fields.linesNeedNoEscape }

    /// Runs `body` on the bytes the lines are cut from and the lines' spans of them.
    func withLineBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>, [LineSpan]) -> Result) -> Result {
        let fields = box.fields
        var source = fields.source
        return source.withUTF8 { body($0, fields.spans) }
    }

    /// Grapheme clusters visible, the ellipsis excluded.
    public var visibleCharacters: Int {
        let fields = box.fields
        if let shown = fields.shownClusters { return shown }
        let total = fields.spans.indices.reduce(0) { $0 + fields.line($1).count }
        return fields.truncated ? total - 1 : total
    }

    /// Equal values; the same box is equal without comparing them.
    public static func == (lhs: FieldLayout, rhs: FieldLayout) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes the values.
    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }
}

extension FieldLayout.Fields {
    /// Values with the lines given one by one (tests build layouts so).
    init(
        lines: [String], lineWidths: [Double], columnWidth: Double, lineLimit: Int?, text: String,
        localizationKey: String? = nil, fontName: String
    ) {
        self.init(
            columnWidth: columnWidth, lineLimit: lineLimit, text: text, localizationKey: localizationKey,
            fontName: fontName)
        spans = lineWidths.map { FieldLayout.LineSpan(start: 0, end: 0, ellipsis: false, width: $0) }
        setLines(lines)
    }
}
