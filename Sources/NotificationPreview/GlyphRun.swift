/// A run of one line that the page draws one way: tracked text in the shipped font, text the
/// engine measures without SF's tracking, or a single cluster the engine gives a fixed width
/// (emoji, East Asian wide, unknown), which the page draws in a box of exactly that width so the
/// browser's own fallback fonts cannot change the line's length.
public struct GlyphRun: Sendable, Hashable {
    /// How a run is measured, and so drawn.
    public enum Kind: String, Sendable {
        /// Proxy-font advances plus SF's tracking (Latin, Greek, Cyrillic, punctuation…).
        case text
        /// Proxy-font advances without tracking (Hebrew, Arabic, Devanagari, Thai…).
        case untracked
        /// One emoji cluster, `PreviewFont.emojiWidth` wide.
        case emoji
        /// One East Asian wide cluster, 1 em.
        case wide
        /// One cluster no proxy font covers, `PreviewFont.unknownWidth`.
        case unknown
    }

    /// How the run is measured.
    public var kind: Kind
    /// Its text.
    public var text: String
}

extension PreviewFont {
    /// The runs of `line`, in order; their texts joined are `line`.
    public func runs(of line: String) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        for character in line {
            let kind = Self.runKind(of: character)
            if kind == .text || kind == .untracked, runs.last?.kind == kind {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append(GlyphRun(kind: kind, text: String(character)))
            }
        }
        return runs
    }

    /// The kind of run `character` belongs to, by the same tests `width(of:)` makes.
    static func runKind(of character: Character) -> GlyphRun.Kind {
        guard let first = character.unicodeScalars.first else { return .text }
        if character.isEmojiCluster { return .emoji }
        if first.value < 0x20 || first.value == 0x85 { return .unknown }
        if GlyphWidths.isWide(first) { return .wide }
        if GlyphWidths.advance(of: first, semibold: false) == nil, !first.isZeroWidth { return .unknown }
        return first.isTrackedBySF ? .text : .untracked
    }
}

/// The base direction of a paragraph (UAX #9 rules P2–P3).
public enum TextDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of the first strong character of `text`; left to right when it has none.
    public init(firstStrongOf text: String) {
        for scalar in text.unicodeScalars {
            if scalar.isRightToLeftLetter {
                self = .rightToLeft
                return
            }
            if scalar.properties.isAlphabetic {
                self = .leftToRight
                return
            }
        }
        self = .leftToRight
    }
}

extension Unicode.Scalar {
    /// Letters of the right-to-left scripts (Bidi_Class R or AL): Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko, Samaritan, Mandaic and the historic RTL blocks of plane 1.
    var isRightToLeftLetter: Bool {
        guard properties.isAlphabetic else { return false }
        let value = value
        return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value)
            || (0xFE70...0xFEFF).contains(value) || (0x10800...0x10FFF).contains(value)
            || (0x1E800...0x1EFFF).contains(value)
    }
}

extension FieldLayout {
    /// The field's paragraph direction, from its first strong character: the page sets it
    /// once on the element holding the field's lines, as iOS gives a paragraph one direction.
    public var direction: TextDirection { TextDirection(firstStrongOf: text.isEmpty ? lines.joined() : text) }

    /// The font the lines are set in.
    public var font: PreviewFont { PreviewFont.all.first { $0.name == fontName } ?? .compactBody }

    /// The runs of line `index`, for drawing it.
    public func runs(ofLine index: Int) -> [GlyphRun] { font.runs(of: line(index)) }
}
