import Testing

@testable import NotificationPreview

/// Cluster widths by class (ios-rendering.md §4 rules 1–3).
struct MeasureTests {
    let font = PreviewFont.compactBody

    @Test(
        "Combining marks add no width",
        arguments: [("e\u{301}", "e"), ("Vie\u{323}\u{302}t", "Viet"), ("a\u{20DD}", "a")])
    func combiningMarks(decomposed: String, base: String) {
        #expect(abs(font.width(of: decomposed) - font.width(of: base)) < 0.0001)
    }

    @Test("Precomposed and decomposed Vietnamese measure alike")
    func precomposedMatchesDecomposed() {
        #expect(abs(font.width(of: "Việt") - font.width(of: "Vie\u{323}\u{302}t")) < 0.0001)
    }

    @Test("Every emoji cluster is one emoji advance", arguments: ["👨‍👩‍👧‍👦", "🇨🇿", "1️⃣", "👍🏽", "🏳️‍🌈", "❤️", "😀"])
    func emoji(_ text: String) {
        #expect(text.count == 1)
        #expect(abs(font.width(of: text) - PreviewFont.emojiAdvance * 15) < 0.0001)
    }

    @Test("East Asian wide characters are one em", arguments: ["漢", "あ", "한", "Ａ"])
    func wide(_ text: String) {
        #expect(abs(font.width(of: text) - 15) < 0.0001)
    }

    @Test func latinGetsSFTrackingAndUnknownScriptsTheFallback() {
        let a = Double(GlyphWidths.advance(of: "a", semibold: false) ?? 0) / GlyphWidths.unitsPerEm * 15
        #expect(abs(font.width(of: "a") - (a - 0.23)) < 0.0001)
        #expect(abs(font.width(of: "ሀ") - 0.55 * 15) < 0.0001)  // Ethiopic: no table entry
    }

    @Test func typicalEnglishAveragesAboutSevenPointsPerCharacter() {
        let text = SampleTexts.english
        let perCharacter = font.width(of: text) / Double(text.count)
        #expect((6.6...7.2).contains(perCharacter), "\(perCharacter)")
    }
}

/// The wrapper's byte fast path for scalars below U+0300 measures exactly what the cluster
/// path does, inside words and next to marks.
struct TabledFastPathTests {
    @Test(arguments: PreviewFont.all)
    func tabledTextMeasuresAsTheClusterPath(_ font: PreviewFont) {
        let text = "Příliš žluťoučký kůň, « Ça va ? » ½ © A\u{301}e\u{308} x\u{200D}y ŉ!"
        var buffer = ClusterBuffer(text, font: font)
        var count = 0
        while buffer.has(count) { count += 1 }
        #expect(count == text.count)
        for (index, character) in text.enumerated() {
            #expect(abs(buffer[index].width - font.width(of: character)) < 1e-9, "\(character)")
            #expect(buffer[index].lineBreakClass == LineBreakClass(cluster: character, isEmoji: false))
        }
        #expect(buffer.span(of: 0..<count) == 0..<text.utf8.count)
    }

    /// Texts longer than the run the buffer measures at once, with clusters the tables do not
    /// cover at the start, inside and at the end of runs.
    static let longTexts = [
        String(repeating: "Příliš žluťoučký kůň úpěl ďábelské ódy. ", count: 6),
        String(repeating: "e\u{301}abc, ", count: 30) + "x",
        String(repeating: "Jak se máš? 👍🏽 Dnes večer — kino. ", count: 5) + "漢字",
        "A" + String(repeating: "ø", count: 130) + "\u{308}",
    ]

    @Test(arguments: longTexts)
    func longTextMeasuresAndBreaksAsTheClusterPath(_ text: String) {
        let font = PreviewFont.compactBody
        var buffer = ClusterBuffer(text, font: font)
        var count = 0
        // Asked for one cluster at a time, as the breaker does.
        while buffer.has(count) { count += 1 }
        #expect(count == text.count)
        var lastNonSpace: LineBreakClass?
        for (index, character) in text.enumerated() {
            let isEmoji = character.isEmojiCluster
            #expect(abs(buffer[index].width - font.width(of: character)) < 1e-9, "\(index)")
            #expect(buffer[index].lineBreakClass == LineBreakClass(cluster: character, isEmoji: isEmoji))
            if index > 0 {
                let previous = buffer[index - 1].lineBreakClass
                if previous != .sp { lastNonSpace = previous }
                let expected = LineBreakClass.allowsBreak(
                    between: previous, and: buffer[index].lineBreakClass, lastNonSpace: lastNonSpace)
                #expect(buffer[index].breakBefore == expected, "\(index)")
            }
        }
        #expect(buffer.span(of: 0..<count) == 0..<text.utf8.count)
    }

    @Test(
        "The first letter's script is read from leading ASCII as from the scalars",
        arguments: [
            "", "123 !?", "Anna", "12 مرحبا", "«مرحبا»", "- שלום", ". नमस्ते", "x مرحبا", "ܫܠܡܐ", "\u{301}ab",
        ])
    func firstLetter(text: String) {
        let expected = text.unicodeScalars.first { $0.properties.isAlphabetic }?.isCursive ?? false
        var copy = text
        #expect(copy.withUTF8 { ClusterBuffer.firstLetterIsCursive(text, bytes: $0) } == expected)
    }
}
