/// Widths and properties of the scalars below U+0300 in one font, computed once from the
/// cluster path (`PreviewFont.width(of:)`), so the wrapper measures most Latin text by index:
/// one array of plain entries, so measuring a scalar is one lookup.
struct TabledWidths: Sendable {
    /// What the wrapper needs to know of one scalar.
    struct Scalar: Sendable {
        /// Its width in points.
        let width: Double
        /// Its UAX #14 class as a cluster of its own (`LineBreakClass.tabled`).
        let lineBreakClass: LineBreakClass
        /// Whether it is a letter (which ends a cursive context).
        let isLetter: Bool
        /// Whether the page draws it tracked (`GlyphRun.Kind.text`).
        let isTracked: Bool
    }

    /// Every scalar below U+0300, by its value.
    let scalars: [Scalar]
    /// The font's tracking in points.
    let tracking: Double
    /// Width of the ellipsis a truncated line ends with, tracked.
    let ellipsis: Double

    /// The role's name.
    let fontName: String

    /// The table of every role, built on first use.
    private static let all: [TabledWidths] = PreviewFont.all.map(TabledWidths.init)

    /// The table of `font` (built on the spot for a role `PreviewFont.all` lacks): found by
    /// comparing the roles' short names, cheaper for seven roles than hashing for a dictionary.
    static func of(_ font: PreviewFont) -> TabledWidths {
        for index in all.indices where all[index].fontName == font.name { return all[index] }
        return TabledWidths(font)
    }

    /// Width of `text` cluster by cluster (`PreviewFont.width(of:)`) when it is printable ASCII
    /// (every timestamp: "now", "Yesterday, 8:37 AM"), where each byte is a cluster of its own;
    /// nil for other text.
    func width(ofASCII text: String) -> Double? {
        var total = 0.0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            total += scalars[Int(byte)].width
        }
        return total
    }

    /// Measures every scalar below U+0300 in `font`.
    private init(_ font: PreviewFont) {
        scalars = (0..<0x300).map { value in
            let character = Character(Unicode.Scalar(UInt32(value)) ?? " ")
            return Scalar(
                width: font.width(of: character, isEmoji: false),
                lineBreakClass: LineBreakClass.tabled[value],
                isLetter: character.unicodeScalars.first?.properties.isAlphabetic ?? false,
                isTracked: PreviewFont.runKind(of: character) == .text)
        }
        tracking = font.tracking
        ellipsis = font.width(of: "…" as Character)
        fontName = font.name
    }
}
