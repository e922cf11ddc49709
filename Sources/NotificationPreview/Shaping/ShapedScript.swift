/// The scripts the engine measures by shaping words with HarfBuzz instead of summing table
/// advances: Arabic (contextual joining forms, lam-alef) and Devanagari (conjuncts, half forms,
/// reph, matras), whose shaped words are narrower than their nominal advances. Hebrew and Thai
/// shape to exactly their nominal advances in the shipped fonts (checked when the fonts were
/// made), so they stay on the faster table path (docs/preview-model.md, "Shaped scripts").
enum ShapedScript: Int, CaseIterable, Sendable {
    case arabic
    case devanagari

    /// The script whose font draws `scalar`, by the same ranges the page's `@font-face`
    /// `unicode-range`s give those fonts (Public/preview.css).
    init?(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: self = .arabic
        case 0x0900...0x097F, 0xA8E0...0xA8FF: self = .devanagari
        default: return nil
        }
    }

    /// The script of a cluster, from its first scalar (marks and joiners follow their base).
    init?(cluster: Character) {
        guard let first = cluster.unicodeScalars.first, first.value >= 0x0600 else { return nil }
        self.init(first)
    }

    /// The font family's file-name stem in `ShapingFonts/` (and `Public/fonts/`).
    var family: String {
        switch self {
        case .arabic: "NotoSansArabic"
        case .devanagari: "NotoSansDevanagari"
        }
    }
}
