/// Measures words of the shaped scripts (`ShapedScript`) as the browser draws them: HarfBuzz
/// shapes each word (the text between two break opportunities) with the same font subset the
/// page serves and the features the platters enable, and each glyph's advance is given to the
/// grapheme cluster it came from, so a word's clusters add up to its shaped width exactly.
///
/// Line breaks in these scripts fall between words, never inside one (unless a word is wider
/// than its column), so shaping words separately gives the advances Chromium gets shaping the
/// whole line. The faces are built once, on first use, and never change.
final class WordShaper: Sendable {
    /// The faces every preview shares, decoded from the embedded fonts on first use.
    static let shared = WordShaper()

    /// Regular and Bold face of each script, by `index(_:semibold:)`; nil when a font failed to
    /// load (the engine then falls back to the generated tables).
    private let faces: [ShapingFace?]

    /// Loads the embedded Regular and Bold fonts of every shaped script.
    private init() {
        faces = ShapedScript.allCases.flatMap { script in
            ["Regular", "Bold"].map { weight in
                ShapingFontFiles.font(named: "\(script.family)-\(weight)-").flatMap(ShapingFace.init)
            }
        }
    }

    /// The face a role draws `script` in: semibold roles use Noto Bold, as the page does.
    func face(_ script: ShapedScript, semibold: Bool) -> ShapingFace? {
        faces[script.rawValue * 2 + (semibold ? 1 : 0)]
    }

    /// The width in points of each cluster of the word `utf8`, whose clusters start at the
    /// UTF-8 offsets `clusterStarts` (the first is 0), drawn in `font`; nil without a face.
    func clusterWidths(
        _ utf8: UnsafeBufferPointer<UInt8>, clusterStarts: [Int], script: ShapedScript, font: PreviewFont
    ) -> [Double]? {
        guard let face = face(script, semibold: font.semibold) else { return nil }
        var units = [Int](repeating: 0, count: clusterStarts.count)
        for glyph in face.shape(utf8) {
            units[GlyphWidths.lastIndex(in: clusterStarts, notAfter: glyph.cluster) ?? 0] += glyph.advance
        }
        let scale = font.drawnSize / face.unitsPerEm
        return units.map { Double($0) * scale }
    }

    /// The width in points of the whole of `utf8` shaped as one word in `font`.
    func width(_ utf8: UnsafeBufferPointer<UInt8>, script: ShapedScript, font: PreviewFont) -> Double? {
        clusterWidths(utf8, clusterStarts: [0], script: script, font: font)?[0]
    }
}

/// Shaped words already measured during one call, so a word that recurs (or a field measured
/// in several layouts) is shaped once per font. Lives with its `MeasureCache`, on one thread.
final class ShapedWordCache {
    /// A word's exact bytes in a role's font (bytes, not `String`: two canonically equivalent
    /// spellings may shape differently).
    private struct Key: Hashable {
        let word: [UInt8]
        let font: String
        let clusters: Int
    }

    private var widths: [Key: [Double]] = [:]

    /// Creates an empty cache.
    init() {}

    /// `WordShaper.clusterWidths`, remembered per word and font.
    func clusterWidths(
        _ utf8: UnsafeBufferPointer<UInt8>, clusterStarts: [Int], script: ShapedScript, font: PreviewFont
    ) -> [Double]? {
        let key = Key(word: Array(utf8), font: font.name, clusters: clusterStarts.count)
        if let known = widths[key] { return known }
        let measured = WordShaper.shared.clusterWidths(
            utf8, clusterStarts: clusterStarts, script: script, font: font)
        if let measured { widths[key] = measured }
        return measured
    }
}
