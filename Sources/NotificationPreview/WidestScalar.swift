/// The widest of a set of scalars as the preview measures them, so a caller that knows which
/// characters a text may hold (a template variable's scripts) can lay out its worst case: the
/// text at its maximum length in the characters that take the most room.
public enum WidestScalar {
    /// The scalar of `candidates` with the largest advance in the preview's regular font
    /// (emoji at the emoji advance), or nil when none of them is measured at all. Ties keep
    /// the first, so the answer is stable.
    public static func among(_ candidates: some Sequence<Unicode.Scalar>) -> Unicode.Scalar? {
        var best: (scalar: Unicode.Scalar, advance: Double)?
        for scalar in candidates {
            guard let advance = advance(of: scalar) else { continue }
            if advance > best?.advance ?? -1 { best = (scalar, advance) }
        }
        return best?.scalar
    }

    /// The advance of `scalar` in em: the table's, or the emoji advance for an emoji.
    static func advance(of scalar: Unicode.Scalar) -> Double? {
        if let units = GlyphWidths.advance(of: scalar, semibold: false) {
            return Double(units) / GlyphWidths.unitsPerEm
        }
        return scalar.properties.isEmojiPresentation ? GlyphWidths.emojiAdvance : nil
    }
}
