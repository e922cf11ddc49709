import Testing

@testable import NotificationPreview

/// Line breaking and truncation on hand-made cases.
struct LineWrapperTests {
    let wrapper = LineWrapper(font: .compactBody)

    /// The width of `text` in the wrapper's font, plus a hair.
    func width(_ text: String) -> Double { wrapper.font.width(of: text) + 0.01 }

    @Test(
        "Breaks at UAX #14 opportunities",
        arguments: [
            ("hello world", "hello wor", ["hello", "world"]),
            ("well-known fact", "well-kno", ["well-", "known", "fact"]),
            ("see (hello) there", "see (hello", ["see", "(hello)", "there"]),
            ("漢字漢字漢字", "漢字漢字", ["漢字漢字", "漢字"]),
            ("漢字漢字。漢字", "漢字漢字", ["漢字漢", "字。漢字"]),
            ("price $20 today", "price $2", ["price", "$20", "today"]),
            ("ab cd…", "ab cd", ["ab", "cd…"]),
            ("xx yy\u{A0}zz", "xx yy\u{A0}z", ["xx", "yy\u{A0}zz"]),
        ])
    func breaks(text: String, fitting: String, expected: [String]) {
        let layout = wrapper.layout(text, width: width(fitting), lineLimit: nil)
        #expect(layout.lines == expected)
    }

    @Test func longWordBreaksBeforeTheOverflowingCluster() {
        let layout = wrapper.layout("abcdefghij", width: width("abcd"), lineLimit: nil)
        #expect(layout.lines == ["abcd", "efgh", "ij"])
    }

    @Test func lineFeedForcesABreak() {
        let layout = wrapper.layout("one\ntwo\r\nthree", width: 300, lineLimit: nil)
        #expect(layout.lines == ["one", "two", "three"])
    }

    @Test func emojiSequencesAreNeverSplit() {
        let text = String(repeating: "👨‍👩‍👧‍👦🇨🇿", count: 20)
        let layout = wrapper.layout(text, width: 100, lineLimit: 2)
        #expect(layout.truncated)
        for line in layout.lines {
            for character in line where character != "…" {
                #expect(character == "👨‍👩‍👧‍👦" || character == "🇨🇿")
            }
        }
    }

    @Test func truncationCutsAtTheLastFittingClusterAndReportsOffsets() throws {
        let text = "Příliš žluťoučký kůň úpěl ďábelské ódy"
        let layout = wrapper.layout(text, width: width("Příliš žluťou…"), lineLimit: 1)
        #expect(layout.lines == ["Příliš žluťou…"])
        let cut = try #require(layout.truncation)
        #expect(cut.characters == 13)
        #expect(cut.utf8 == "Příliš žluťou".utf8.count)
        #expect(cut.utf16 == 13)
    }

    @Test func trailingSpacesDisappearBeforeTheEllipsis() {
        let layout = wrapper.layout("abc     defghijklmnop", width: width("abc     d"), lineLimit: 1)
        #expect(layout.lines == ["abc…"])
        #expect(layout.truncation?.characters == 3)
    }

    @Test func truncatedLineFollowedByAHardBreakEndsWithAnEllipsis() {
        let layout = wrapper.layout("first\nsecond\nthird", width: 300, lineLimit: 2)
        #expect(layout.lines == ["first", "second…"])
        #expect(layout.truncated)
    }

    @Test func textThatFitsIsNotTruncated() {
        let layout = wrapper.layout("short", width: 300, lineLimit: 1)
        #expect(layout.lines == ["short"])
        #expect(!layout.truncated)
        #expect(layout.truncation == nil)
    }
}
