import Foundation

/// The shaping fonts embedded at build time by the `EmbedShapingFonts` plugin from
/// `ShapingFonts/*.ttf`: the page's Arabic and Devanagari WOFF2 subsets as TrueType without
/// outlines (scripts/fonts/make-woff2.py), so the binary shapes with no font file on disk.
enum ShapingFontFiles {
    /// The bytes of the embedded font whose file name starts with `stem` ("NotoSansArabic-Bold-"),
    /// or nil when none was embedded.
    static func font(named stem: String) -> [UInt8]? {
        guard let entry = encoded.first(where: { $0.path.hasPrefix("ShapingFonts/\(stem)") }) else {
            return nil
        }
        return Data(base64Encoded: entry.base64).map { [UInt8]($0) }
    }
}
