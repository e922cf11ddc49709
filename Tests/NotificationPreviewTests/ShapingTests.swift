import Foundation
import Testing

@testable import NotificationPreview

/// Arabic and Devanagari words are measured shaped, as the browser draws them with the same
/// fonts, against widths uharfbuzz computed from the served WOFF2 files
/// (`Fixtures/shaped-words.json`, written by `scripts/fonts/shaping-fixture.py`).
struct ShapingTests {
    /// One row of the fixture.
    struct Word: Sendable, CustomTestStringConvertible {
        let word: String
        let font: String
        let glyphs: Int
        let width: Double
        let nominal: Double

        var testDescription: String { "\(word) (\(font))" }
    }

    /// The fixture's rows.
    static let words: [Word] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/shaped-words.json")
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let rows = object["words"] as? [[String: Any]]
        else { return [] }
        return rows.compactMap { row in
            guard let word = row["word"] as? String, let font = row["font"] as? String,
                let glyphs = row["glyphs"] as? Int, let width = row["width"] as? Double,
                let nominal = row["nominal"] as? Double
            else { return nil }
            return Word(word: word, font: font, glyphs: glyphs, width: width, nominal: nominal)
        }
    }()

    /// The role a fixture row was shaped in.
    static func font(_ name: String) -> PreviewFont {
        name == "title" ? .compactTitle : .compactBody
    }

    /// The engine's width of `text` drawn on one line in `font`.
    static func measured(_ text: String, _ font: PreviewFont) -> Double { font.lineWidth(of: text) }

    @Test func theFixtureCoversBothScriptsAndWeights() {
        #expect(Self.words.count >= 30)
        #expect(Self.words.contains { $0.word == "لا" && $0.font == "body" })
        #expect(
            Self.words.contains { ShapedScript(cluster: $0.word.first!) == .devanagari && $0.font == "title" }
        )
    }

    @Test(arguments: words)
    func aWordMeasuresItsShapedWidth(_ row: Word) {
        let font = Self.font(row.font)
        #expect(abs(Self.measured(row.word, font) - row.width) < 0.001)
    }

    @Test(arguments: words.filter { $0.width < $0.nominal - 0.5 })
    func aShapedWordIsNarrowerThanItsNominalAdvances(_ row: Word) {
        let font = Self.font(row.font)
        let tables = row.word.reduce(0) { $0 + font.width(of: $1, isEmoji: false) }
        #expect(
            abs(tables - row.nominal) < 0.05, "the tables hold the nominal advances (rescaled to 2816 units)")
        #expect(Self.measured(row.word, font) < tables - 0.5)
    }

    @Test func lamAlefIsOneGlyphOwnedByTheLam() throws {
        let row = try #require(Self.words.first { $0.word == "لا" && $0.font == "body" })
        #expect(row.glyphs == 1)
        let face = try #require(WordShaper.shared.face(.arabic, semibold: false))
        let glyphs = Array("لا".utf8).withUnsafeBufferPointer { face.shape($0) }
        #expect(glyphs.count == 1)
        var buffer = ClusterBuffer("لا", font: .compactBody)
        let measuredBoth = buffer.has(1)
        #expect(measuredBoth)
        #expect(abs(buffer[0].width - row.width) < 0.001)
        #expect(buffer[1].width == 0)
    }

    @Test func aPieceOfAWordIsShapedOnItsOwn() throws {
        // "مرح" alone ends in a final form, wider than its share of "مرحبا".
        let whole = try #require(Self.words.first { $0.word == "مرحبا" && $0.font == "body" })
        let piece = try #require(Self.words.first { $0.word == "مرح" && $0.font == "body" })
        var buffer = ClusterBuffer(whole.word, font: .compactBody)
        let measuredAll = buffer.has(4)
        #expect(measuredAll)
        let shares = (0..<3).reduce(0) { $0 + buffer[$1].width }
        #expect(shares < piece.width - 0.5)
        #expect(abs(buffer.width(of: 0..<3) - piece.width) < 0.001)
        #expect(abs(buffer.width(of: 0..<5) - whole.width) < 0.001)
    }

    @Test func aCutShapedWordNeverOverflowsItsColumn() throws {
        // Truncation keeps a prefix of an Arabic word; shaped on its own it must still fit.
        let text = String(repeating: "تحسينات ", count: 12)
        for width in stride(from: 60.0, through: 200, by: 7) {
            let layout = LineWrapper(font: .compactBody).layout(text, width: width, lineLimit: 2)
            for line in layout.lines {
                #expect(Self.measured(line, .compactBody) <= width + 0.001, "\(line) at \(width)")
            }
        }
    }

    @Test func wordsBreakWhereTheirShapedWidthsSay() throws {
        // Two words whose shaped widths fit a column their nominal advances do not.
        let row = try #require(Self.words.first { $0.word == "تحسينات" && $0.font == "body" })
        let space = PreviewFont.compactBody.width(of: " " as Character)
        let column = 2 * row.width + space + 0.5
        #expect(2 * row.nominal + space > column)
        let layout = LineWrapper(font: .compactBody).layout(
            "تحسينات تحسينات تحسينات", width: column, lineLimit: nil)
        #expect(layout.lines == ["تحسينات تحسينات", "تحسينات"])
    }

    @Test func punctuationAfterArabicIsUntrackedAsChromiumDrawsIt() throws {
        // Chromium sets no letter-spacing in a cursive script, and "!", digits and "…" take the
        // script of the letters before them; spaces keep it (measured in the fidelity test).
        let font = PreviewFont.compactBody
        let row = try #require(Self.words.first { $0.word == "مرحبا" && $0.font == "body" })
        let bang = font.width(of: "!" as Character)
        let space = font.width(of: " " as Character)
        #expect(
            abs(
                Self.measured("مرحبا!! 12", font)
                    - (row.width + 2 * bang + space + font.width(of: "12") - 4 * font.tracking)) < 0.001)
        #expect(abs(Self.measured("Hi!! 12", font) - (font.width(of: "Hi!! 12"))) < 0.001)
        let layout = LineWrapper(font: font).layout(
            String(repeating: "مرحبا ", count: 30), width: 120, lineLimit: 1)
        #expect(layout.truncated)
        let kept = String(layout.lines[0].dropLast())
        let ellipsis = font.width(of: "…" as Character) - font.tracking
        #expect(abs(layout.lineWidths[0] - (Self.measured(kept, font) + ellipsis)) < 0.001)
        #expect(layout.lineWidths[0] <= 120.001)
    }
}
