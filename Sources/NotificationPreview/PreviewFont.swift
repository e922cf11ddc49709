/// A text style the layout sets text in: point size, weight, SF Pro's tracking at that size, and
/// how much wider iOS draws it than the proxy font measures (docs/preview-model.md,
/// "Recalibrated constants").
///
/// Widths come from Inter (an open proxy for SF Pro, ios-rendering.md §4) at `size × scale`,
/// plus SF's size-specific tracking for the scripts SF itself covers. The page draws each role
/// with exactly these numbers (`PreviewGeometry`), so the browser measures what the engine does.
public struct PreviewFont: Sendable, Hashable {
    /// The role's name, used as the CSS class `pf-<name>` of the lines set in it.
    public let name: String
    /// Point size.
    public let size: Double
    /// Whether the semibold table is used (titles and subtitles).
    public let semibold: Bool
    /// Measured width of iOS's text over the proxy's at `size` (1.0: no correction).
    public let scale: Double
    /// Distance between two lines' baselines in points.
    public let lineHeight: Double

    /// Compact body: 15 pt Regular (iOS draws Latin body text 0.997× the model: kept at 1.0).
    static let compactBody = PreviewFont(
        name: "body", size: 15, semibold: false, scale: 1.0, lineHeight: 17.5)
    /// Compact title and subtitle: 15 pt Semibold, measured 1 % wider than Inter SemiBold.
    static let compactTitle = PreviewFont(
        name: "title", size: 15, semibold: true, scale: 1.01, lineHeight: 17.9)
    /// Expanded body of the iOS 10–14 long look: Body style, 17 pt Regular.
    static let expandedBody = PreviewFont(
        name: "legacy-body", size: 17, semibold: false, scale: 1.0, lineHeight: 20.3)
    /// Expanded title and subtitle of the iOS 10–14 long look: Headline, 17 pt Semibold.
    static let expandedTitle = PreviewFont(
        name: "legacy-title", size: 17, semibold: true, scale: 1.01, lineHeight: 20)
    /// Timestamp: Caption 1, 12 pt Regular, measured 2–6 % wider than Inter (4 % used).
    static let timestamp = PreviewFont(
        name: "time", size: 12, semibold: false, scale: 1.04, lineHeight: 14.3)

    /// Apple Watch title: 16 pt Semibold (watchOS Headline at the default size, assumed).
    static let watchTitle = PreviewFont(
        name: "watch-title", size: 16, semibold: true, scale: 1.01, lineHeight: 19)
    /// Apple Watch body: 16 pt Regular (watchOS Body at the default size, assumed).
    static let watchBody = PreviewFont(
        name: "watch-body", size: 16, semibold: false, scale: 1.0, lineHeight: 19)

    /// CarPlay banner's second line (the subtitle, or the app name under a title): 13 pt
    /// Regular, assumed (iOS 26.1's banner code names the label, not its size), small enough
    /// that two title lines and it fit the 60 pt banner.
    static let carPlaySecondary = PreviewFont(
        name: "carplay-secondary", size: 13, semibold: false, scale: 1.0, lineHeight: 15.5)

    /// Every role, for the generated stylesheet.
    public static let all: [PreviewFont] = [
        compactTitle, compactBody, timestamp, expandedTitle, expandedBody, watchTitle, watchBody,
        carPlaySecondary,
    ]

    /// The size the proxy font is drawn at so its advances match iOS's: `size × scale`.
    public var drawnSize: Double { size * scale }

    /// Width of one emoji cluster: measured on device screenshots at about 1.45 em including
    /// side bearings (ios-rendering.md §8), not the 1.245 em of Noto Color Emoji's advance.
    public var emojiWidth: Double { Self.emojiAdvance * size }
    /// Width of one East Asian Wide or Fullwidth cluster: 1 em, untracked.
    public var wideWidth: Double { size }
    /// Width of a one-scalar cluster no proxy font covers.
    public var unknownWidth: Double { Self.unknownAdvance * drawnSize }

    /// SF Pro tracking in points at this size (HIG typography table).
    public var tracking: Double {
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
        if isEmoji { return emojiWidth }
        if first.value < 0x20 || (0x85 == first.value || 0x2028...0x2029 ~= first.value) {
            return LineBreakClass(first).isHardBreak ? 0 : unknownWidth
        }
        if first.value < 0x80, character.utf8.count == 1,
            let advance = GlyphWidths.advance(of: first, semibold: semibold)
        {
            return Double(advance) / GlyphWidths.unitsPerEm * drawnSize + tracking
        }
        if GlyphWidths.isWide(first) { return wideWidth }
        let firstAdvance = GlyphWidths.advance(of: first, semibold: semibold)
        if !first.isZeroWidth, firstAdvance == nil {
            return unknownWidth  // drawn as one fixed box (GlyphRun.Kind.unknown)
        }
        let tracked = first.isTrackedBySF ? tracking : 0
        if let firstAdvance, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return firstAdvance == 0 ? 0 : Double(firstAdvance) / GlyphWidths.unitsPerEm * drawnSize + tracked
        }
        var units = 0.0
        for scalar in GlyphWidths.composed(scalars) where !scalar.isZeroWidth {
            if let advance = GlyphWidths.advance(of: scalar, semibold: semibold) {
                units += Double(advance)
            } else if !scalar.isMark {
                units += Self.unknownAdvance * GlyphWidths.unitsPerEm
            }
        }
        return units / GlyphWidths.unitsPerEm * drawnSize + (units > 0 ? tracked : 0)
    }

    /// Emoji advance in em measured on iOS screenshots (ios-rendering.md §8).
    static let emojiAdvance = 1.45

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
