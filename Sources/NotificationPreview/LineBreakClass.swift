/// The UAX #14 line-breaking class of a code point, as stored in the generated tables.
///
/// The raw values follow `LINE_BREAK_CLASSES` in `scripts/widths/generate.py`; classes that the
/// reduced algorithm resolves up front (AI, XX, SG → AL; CJ → NS; NL → BK) never appear.
enum LineBreakClass: UInt8, Sendable {
    case al, ba, bb, b2, bk, cb, cl, cm, cp, cr, ex, gl, hy, id, `in`, `is`, lf, nl, ns, nu, op, po
    case pr, qu, sa, sp, sy, wj, zw, zwj, hl, ri, eb, em, jl, jv, jt, h2, h3

    /// The class of `scalar`, looked up in the generated range table.
    init(_ scalar: Unicode.Scalar) {
        guard let range = GlyphWidths.lastIndex(in: GlyphWidths.lineBreakStarts, notAfter: scalar.value)
        else {
            self = .al
            return
        }
        self = LineBreakClass(rawValue: GlyphWidths.lineBreakClasses[range]) ?? .al
    }

    /// The class the reduced algorithm uses for a whole grapheme cluster.
    ///
    /// A cluster is never split, so the classes that only matter inside clusters (CM, ZWJ, the
    /// Hangul jamo, emoji modifiers, regional-indicator pairs) collapse onto the class of the
    /// cluster as a whole: emoji and Hangul behave as ideographs (ID), Hebrew letters as
    /// alphabetic (HL → AL), and scripts that need a dictionary (SA: Thai, Lao, Khmer, Myanmar)
    /// break between any two clusters, as ios-rendering.md §6 suggests without a dictionary.
    init(cluster: Character, isEmoji: Bool) {
        guard let first = cluster.unicodeScalars.first else {
            self = .al
            return
        }
        if isEmoji {
            self = .id
            return
        }
        switch LineBreakClass(first) {
        case .cm, .zwj, .hl: self = .al
        case .sa, .jl, .jv, .jt, .h2, .h3, .ri, .eb, .em, .cb: self = .id
        case let other: self = other
        }
    }

    /// The cluster class of each scalar below U+0300, for the wrapper's byte fast path.
    static let tabled: [LineBreakClass] = (0..<0x300).map {
        LineBreakClass(cluster: Character(Unicode.Scalar(UInt32($0)) ?? " "), isEmoji: false)
    }

    /// Whether the class forces a line break after the cluster (BK, CR, LF, NL).
    @inline(__always) var isHardBreak: Bool {
        self == .bk || self == .cr || self == .lf || self == .nl
    }
}
