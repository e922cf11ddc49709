import Testing

@testable import NotificationPreview

/// A split kept between layouts, and layouts kept in the call's cache, give exactly what a fresh
/// layout of the same text gives, whatever order the surfaces ask in.
struct LineBreakerTests {
    /// Orders in which surfaces ask for line limits of one field at one width.
    static let orders: [[Int?]] = [[2, 4, 4, nil], [nil, 2, 4], [4, 2, 1, nil], [1, 1], [nil, nil, 3]]

    @Test("Cached layouts equal fresh ones", arguments: Array(UInt64(1)...UInt64(120)))
    func cachedEqualsFresh(seed: UInt64) {
        var generator = TextGenerator(seed: seed)
        let text = generator.text(maximumWords: 60)
        let font = generator.pick([PreviewFont.compactBody, .compactTitle, .watchBody, .expandedBody])
        let widths = [Double(generator.int(in: 60...400)), Double(generator.int(in: 60...400))]
        let order = generator.pick(Self.orders)
        let cache = MeasureCache()
        let cached = LineWrapper(font: font, cache: cache)
        let fresh = LineWrapper(font: font)
        for width in widths {
            for limit in order {
                let kept = cached.layout(text, width: width, lineLimit: limit)
                let made = fresh.layout(text, width: width, lineLimit: limit)
                #expect(kept == made, "seed \(seed), width \(width), limit \(String(describing: limit))")
                #expect(kept.visibleCharacters == made.visibleCharacters)
            }
        }
    }

    @Test func breakTableAnswersAsTheRules() {
        let classes = (0...UInt8.max).compactMap(LineBreakClass.init(rawValue:))
        #expect(classes.count == 39)
        for before in classes {
            for after in classes {
                for context in [nil] + classes {
                    #expect(
                        LineBreakClass.tabledBreak(between: before, and: after, lastNonSpace: context)
                            == LineBreakClass.allowsBreak(between: before, and: after, lastNonSpace: context),
                        "\(before) × \(after) after \(String(describing: context))")
                }
            }
        }
    }

    @Test(
        "ASCII text is measured from the table as cluster by cluster",
        arguments: ["now", "2m ago", "Yesterday, 8:37 AM", "", "~!@#$%^&*()_+{}|:\"<>?"])
    func asciiWidth(text: String) {
        for font in PreviewFont.all {
            #expect(TabledWidths.of(font).width(ofASCII: text) == font.width(of: text))
        }
        #expect(TabledWidths.of(.timestamp).width(ofASCII: "před chvílí") == nil)
    }

    @Test func equivalentSpellingsAreLaidOutApart() {
        // The same words precomposed in the title and decomposed in the subtitle (one font):
        // equal as strings, different bytes, so each keeps its own bytes and widths.
        let precomposed = "Tiếng Việt có dấu"
        let decomposed = "Tie\u{302}\u{301}ng Vie\u{323}\u{302}t co\u{301} da\u{302}\u{301}u"
        #expect(precomposed == decomposed)
        #expect(Array(precomposed.utf8) != Array(decomposed.utf8))
        let content = PreviewContent(title: .plain(precomposed), subtitle: .plain(decomposed))
        let result = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.banner], hiddenPreviews: false)
        let title = result.surfaces[0].title
        let subtitle = result.surfaces[0].subtitle
        #expect(title.lines.map { Array($0.utf8) } == [Array(precomposed.utf8)])
        #expect(subtitle.lines.map { Array($0.utf8) } == [Array(decomposed.utf8)])
        let fresh = LineWrapper(font: .compactTitle).layout(
            decomposed, width: subtitle.columnWidth, lineLimit: 1)
        #expect(subtitle.lineWidths == fresh.lineWidths)
    }

    @Test func splitContinuesWhereItStopped() {
        var clusters = ClusterBuffer(SampleTexts.english, font: .compactBody)
        var resumed = LineBreaker(width: 200)
        resumed.advance(toLines: 2, in: &clusters)
        #expect(resumed.ranges.count == 2)
        #expect(!resumed.finished)
        resumed.advance(toLines: nil, in: &clusters)
        var whole = LineBreaker(width: 200)
        whole.advance(toLines: nil, in: &clusters)
        #expect(resumed.finished && whole.finished)
        #expect(resumed.ranges == whole.ranges)
        #expect(whole.ranges.count > 4)
    }

    @Test func truncationOffsetsCountEveryUnit() throws {
        // "👍🏽" is one cluster of two scalars: 8 UTF-8 bytes, 4 UTF-16 units.
        let text = "Ahoj 👍🏽 přátelé, tohle je dlouhá zpráva, která se nevejde na jeden řádek vůbec."
        let layout = LineWrapper(font: .compactBody).layout(text, width: 120, lineLimit: 1)
        let cut = try #require(layout.truncation)
        let shown = String(text.prefix(cut.characters))
        #expect(shown.contains("👍🏽"))
        #expect(cut.utf8 == shown.utf8.count)
        #expect(cut.utf16 == shown.utf16.count)
    }
}
