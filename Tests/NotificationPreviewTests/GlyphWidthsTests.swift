import Foundation
import Testing

@testable import NotificationPreview

/// The generated tables against values the generator read from the fonts itself.
struct GlyphWidthsTests {
    /// One row of `Fixtures/glyph-advances.json`, written by `scripts/widths/generate.py`.
    struct Sample: Sendable {
        let character: String
        let regular: Int
        let semibold: Int
        let regular15pt: Double
    }

    /// The samples of the fixture.
    static func samples() throws -> [Sample] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/glyph-advances.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let rows = object?["advances"] as? [[String: Any]] ?? []
        return rows.compactMap { row in
            guard let character = row["character"] as? String, let regular = row["regular"] as? Int,
                let semibold = row["semibold"] as? Int, let points = row["regular15pt"] as? Double
            else { return nil }
            return Sample(character: character, regular: regular, semibold: semibold, regular15pt: points)
        }
    }

    @Test func advancesMatchTheFonts() throws {
        let samples = try Self.samples()
        #expect(samples.count >= 10)
        for sample in samples {
            let scalar = try #require(sample.character.unicodeScalars.first)
            #expect(GlyphWidths.advance(of: scalar, semibold: false) == sample.regular, "\(sample.character)")
            #expect(GlyphWidths.advance(of: scalar, semibold: true) == sample.semibold, "\(sample.character)")
            let points = Double(sample.regular) / GlyphWidths.unitsPerEm * 15
            #expect(abs(points - sample.regular15pt) < 0.0001)
        }
    }

    @Test func emojiAdvanceComesFromNotoColorEmoji() {
        #expect(abs(GlyphWidths.emojiAdvance - 2550.0 / 2048) < 0.000_001)
    }

    @Test(
        "East Asian width",
        arguments: [
            ("漢", true), ("あ", true), ("한", true), ("Ａ", true), ("a", false), ("ř", false), ("…", false),
        ])
    func wide(character: String, wide: Bool) throws {
        let scalar = try #require(character.unicodeScalars.first)
        #expect(GlyphWidths.isWide(scalar) == wide)
    }

    @Test(
        "Line-break classes from the UCD",
        arguments: [
            ("a", LineBreakClass.al), (" ", LineBreakClass.sp), ("-", .hy), ("…", .in), (")", .cp),
            ("(", .op),
            ("。", .cl), ("漢", .id), ("5", .nu), ("%", .po), ("$", .pr), ("\n", .lf), ("\u{A0}", .gl),
            ("—", .b2), ("ー", .ns),
        ])
    func lineBreakClass(character: String, expected: LineBreakClass) throws {
        let scalar = try #require(character.unicodeScalars.first)
        #expect(LineBreakClass(scalar) == expected)
    }
}
