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
public struct FieldLayout: Sendable, Hashable {
    /// The values of a layout, as the wrapper fills them in.
    struct Fields: Sendable, Hashable {
        var lines: [String] = []
        var truncated = false
        var truncation: TruncationOffset? = nil
        var lineWidths: [Double] = []
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
    }

    /// The one reference the values sit behind.
    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    /// A layout of `fields`.
    init(_ fields: Fields) {
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

    /// The lines as shown; a truncated field's last line ends with "…".
    public var lines: [String] {
        get { box.fields.lines }
        set { update { $0.lines = newValue } }
    }
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
    public var lineWidths: [Double] {
        get { box.fields.lineWidths }
        set { update { $0.lineWidths = newValue } }
    }
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
        set { update { $0.text = newValue } }
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

    /// Grapheme clusters visible, the ellipsis excluded.
    public var visibleCharacters: Int {
        let fields = box.fields
        if let shown = fields.shownClusters { return shown }
        let total = fields.lines.reduce(0) { $0 + $1.count }
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
