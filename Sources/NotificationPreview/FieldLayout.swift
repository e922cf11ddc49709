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
public struct FieldLayout: Sendable, Hashable {
    /// The lines as shown; a truncated field's last line ends with "…".
    public var lines: [String]
    /// Whether the text did not fit its line limit and was cut.
    public var truncated: Bool
    /// Where the original text was cut, when it was.
    public var truncation: TruncationOffset?
    /// Width in points of each line, the ellipsis included.
    public var lineWidths: [Double]
    /// The column width the lines were wrapped to, in points.
    public var columnWidth: Double
    /// The line limit of the field on this surface; nil means unlimited.
    public var lineLimit: Int?
    /// The text before layout (after hidden-preview and localization substitution).
    public var text: String
    /// The strings-file key the text stands for, when the payload used `…loc-key`.
    public var localizationKey: String?
    /// The font role the lines are set in (`PreviewFont.name`; the page's class `pf-<name>`).
    public var fontName = ""

    /// A field with no text.
    static func empty(columnWidth: Double, lineLimit: Int?) -> FieldLayout {
        FieldLayout(
            lines: [], truncated: false, truncation: nil, lineWidths: [], columnWidth: columnWidth,
            lineLimit: lineLimit, text: "", localizationKey: nil, fontName: "")
    }

    /// Clusters shown, as the wrapper counted them (nil: count the lines).
    var shownClusters: Int? = nil

    /// Grapheme clusters visible, the ellipsis excluded.
    public var visibleCharacters: Int {
        if let shownClusters { return shownClusters }
        let total = lines.reduce(0) { $0 + $1.count }
        return truncated ? total - 1 : total
    }
}
