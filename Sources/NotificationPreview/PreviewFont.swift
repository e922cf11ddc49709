/// A text style the layout sets text in: point size, weight, and SF Pro's tracking at that size.
///
/// Widths come from Inter (an open proxy for SF Pro, ios-rendering.md §4) scaled by size, plus
/// SF's size-specific tracking for the scripts SF itself covers.
struct PreviewFont: Sendable, Hashable {
    /// Point size.
    let size: Double
    /// Whether the semibold table is used (titles and subtitles).
    let semibold: Bool

    /// Compact body: Subheadline-sized 15 pt Regular.
    static let compactBody = PreviewFont(size: 15, semibold: false)
    /// Compact title and subtitle: 15 pt Semibold.
    static let compactTitle = PreviewFont(size: 15, semibold: true)
    /// Expanded body: Body style, 17 pt Regular.
    static let expandedBody = PreviewFont(size: 17, semibold: false)
    /// Expanded title and subtitle: Headline style, 17 pt Semibold.
    static let expandedTitle = PreviewFont(size: 17, semibold: true)
    /// Timestamp: Caption 1, 12 pt Regular.
    static let timestamp = PreviewFont(size: 12, semibold: false)

    /// SF Pro tracking in points at this size (HIG typography table).
    var tracking: Double {
        switch size {
        case ..<11.5: 0.06
        case ..<12.5: 0
        case ..<14: -0.08
        case ..<16: -0.23
        default: -0.43
        }
    }

    /// Width in points of `text`, cluster by cluster.
    func width(of text: some StringProtocol) -> Double {
        var total = 0.0
        for character in text { total += width(of: character) }
        return total
    }

    /// Width in points of one grapheme cluster (ios-rendering.md §4 and §7 step 4).
    func width(of character: Character) -> Double {
        width(of: character, isEmoji: character.isEmojiCluster)
    }

    /// Width of a cluster whose emoji-ness the caller already knows.
    func width(of character: Character, isEmoji: Bool) -> Double {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isEmoji { return GlyphWidths.emojiAdvance * size }
        if first.value < 0x20 || (0x85 == first.value || 0x2028...0x2029 ~= first.value) {
            return LineBreakClass(first).isHardBreak ? 0 : Self.unknownAdvance * size * Self.widthScale
        }
        if first.value < 0x80, character.utf8.count == 1,
            let advance = GlyphWidths.advance(of: first, semibold: semibold)
        {
            return (Double(advance) / GlyphWidths.unitsPerEm * size + tracking) * Self.widthScale
        }
        if GlyphWidths.isWide(first) { return size }
        var units = 0.0
        for scalar in scalars where !scalar.isZeroWidth {
            if let advance = GlyphWidths.advance(of: scalar, semibold: semibold) {
                units += Double(advance)
            } else if !scalar.isMark {
                units += Self.unknownAdvance * GlyphWidths.unitsPerEm
            }
        }
        let tracked = first.isTrackedBySF && units > 0 ? tracking : 0
        return (units / GlyphWidths.unitsPerEm * size + tracked) * Self.widthScale
    }

    /// Calibration factor k of ios-rendering.md §7 for text measured from the proxy tables
    /// (emoji and wide characters are not scaled): 1.0 until fitted to screenshots, see
    /// docs/preview-model.md "Recalibrating".
    static let widthScale = 1.0

    /// Advance in em of a visible character no proxy font covers (ios-rendering.md §4 rule 4).
    static let unknownAdvance = 0.55
}

extension Character {
    /// Whether the cluster is drawn as one colour emoji: emoji presentation, an emoji with
    /// VS16, a keycap, a skin tone or a ZWJ sequence, or a flag (regional-indicator pair).
    var isEmojiCluster: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return false }
        if first.isASCII && utf8.count == 1 { return false }  // fast path: plain ASCII
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji, scalars.count > 1 else { return false }
        return scalars.contains { scalar in
            let value = scalar.value
            return value == 0xFE0F || value == 0x20E3 || value == 0x200D
                || (0x1F3FB...0x1F3FF).contains(value)
        }
    }
}

extension Unicode.Scalar {
    /// Combining marks (Mn, Me): drawn on their base, no advance of their own.
    var isMark: Bool {
        let category = properties.generalCategory
        return category == .nonspacingMark || category == .enclosingMark
    }

    /// Scalars that never add width inside a cluster: marks, format characters (ZWJ, ZWNJ,
    /// bidi controls), variation selectors.
    var isZeroWidth: Bool {
        isMark || properties.generalCategory == .format || (0xFE00...0xFE0F).contains(value)
    }

    /// Whether SF Pro draws this base scalar itself (Latin, Greek, Cyrillic, punctuation,
    /// symbols), so SF's tracking applies; fallback fonts (Hebrew, Arabic, Thai…) get none.
    var isTrackedBySF: Bool {
        value < 0x0590 || (0x1D00..<0x3000).contains(value)
    }
}
