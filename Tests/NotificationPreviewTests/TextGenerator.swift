/// A seeded generator of awkward notification text for the property tests: Czech and
/// Vietnamese (precomposed and decomposed), emoji sequences, combining marks, CJK, long words,
/// runs of spaces and newlines.
struct TextGenerator {
    /// SplitMix64: tiny, deterministic across platforms.
    private var state: UInt64

    /// A generator whose output depends only on `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A random element of `items`.
    mutating func pick<T>(_ items: [T]) -> T {
        items[int(in: 0...items.count - 1)]
    }

    static let czech = [
        "Příliš", "žluťoučký", "kůň", "úpěl", "ďábelské", "ódy", "zpráva", "odpovědět", "smazat",
        "nejneobhospodařovávatelnějšími", "čtvrtek", "Ťapka", "ňadra", "Dobrý", "den!", "(večer)",
    ]
    static let vietnamese = [
        "Thông", "báo", "người", "dùng", "nhấn", "giữ", "lâu,", "xuất", "hiện.", "Điều", "được",
        "Vie\u{0323}\u{0302}t", "nu\u{031B}\u{0301}o\u{031B}\u{0301}c", "tương", "tác", "ứng", "dụng",
    ]
    static let english = [
        "the", "order", "has", "shipped", "well-known", "state-of-the-art", "“quoted”", "e.g.",
        "3.5", "$20", "50%", "Questions?", "—", "2–3", "don't", "U.S.", "https://example.com/a/b",
    ]
    static let emoji = [
        "👨‍👩‍👧‍👦", "🇨🇿", "🇻🇳", "🏳️‍🌈", "1️⃣", "#️⃣", "👍🏽", "👩🏽‍💻", "❤️", "🧑‍🚀", "😀", "☕",
    ]
    static let other = [
        "漢字", "日本語の文章です。", "「引用」", "한국어", "e\u{0301}\u{0301}", "a\u{20DD}", "Z\u{0336}\u{0337}",
        "שלום", "مرحبا", "สวัสดีครับ", "नमस्ते", "\u{00A0}", "\t", "A\u{200B}B", "…",
    ]

    /// A word: usually from the language pools, sometimes a very long run of letters.
    mutating func word() -> String {
        switch int(in: 0...9) {
        case 0...2: return pick(Self.czech)
        case 3...4: return pick(Self.vietnamese)
        case 5...6: return pick(Self.english)
        case 7: return pick(Self.emoji)
        case 8: return pick(Self.other)
        default:
            let letters = Array("abcdefghijklmnopqrstuvwxyzěščřžýáíéůú")
            return String((0..<int(in: 20...70)).map { _ in pick(letters) })
        }
    }

    /// A text of up to `maximumWords` words with spaces, double spaces and newlines between.
    mutating func text(maximumWords: Int) -> String {
        var out = ""
        for index in 0..<int(in: 0...maximumWords) {
            if index > 0 {
                switch int(in: 0...19) {
                case 0: out += "\n"
                case 1: out += "  "
                case 2: out += "\r\n"
                case 3: out += ""
                default: out += " "
                }
            }
            out += word()
        }
        return out
    }
}
