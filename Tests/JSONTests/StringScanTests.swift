import Testing

@testable import JSON

/// The reader's fast string scan (eight ASCII bytes at a time, other letters one by one) judges
/// UTF-8 exactly as the byte-by-byte rules and the standard library do, wherever a sequence
/// falls against the eight-byte words, and counts columns in scalars.
struct StringScanTests {
    /// Byte strings that put each kind of sequence at every offset against the words: valid
    /// two-, three- and four-byte letters, overlong and surrogate forms, lone and missing
    /// continuation bytes, and a lead byte right before the closing quote.
    static let pieces: [[UInt8]] = [
        Array("č".utf8), Array("ř".utf8), Array("ệ".utf8), Array("😀".utf8), Array("ab".utf8),
        [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0x80], [0xDF, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xC3, 0x28], [0xF5, 0x80, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
        [0xEF, 0xBF, 0xBF],
        [0xE1, 0x80], [0xE1, 0xBB, 0x87, 0xC4, 0x8D], [0xEE, 0x80, 0x80, 0xE0, 0x9F, 0xBF],
    ]

    static var samples: [[UInt8]] {
        var samples: [[UInt8]] = []
        for prefix in 0..<9 {
            for piece in pieces {
                for tail in [0, 1, 7] {
                    let ascii = [UInt8](repeating: UInt8(ascii: "x"), count: prefix)
                    samples.append(ascii + piece + Array("čř".utf8) + [UInt8](repeating: 0x61, count: tail))
                    samples.append(ascii + Array("ž".utf8) + piece)
                }
            }
        }
        samples.append(Array(String(repeating: "Příliš žluťoučký kůň ", count: 9).utf8))
        samples.append(Array(String(repeating: "Khi người dùng nhận được thông báo ", count: 9).utf8))
        return samples
    }

    @Test(arguments: samples)
    func fastScanAgreesWithTheRules(_ content: [UInt8]) throws {
        let text = Array("[\"".utf8) + content + Array("\",1]".utf8)
        let result = JSONReader().read(text)
        let valid = String(validating: content, as: UTF8.self)
        #expect(result.diagnostics.contains { $0.code == "json.invalid-utf8" } == (valid == nil))
        let elements = try #require(result.root?.value.arrayElements)
        if let valid {
            #expect(elements[0].value == .string(valid))
            #expect(elements[1].span.column == valid.unicodeScalars.count + 5)
        }
    }

    /// Random runs of the same pieces and of ASCII, a few hundred per seed (a fixed generator,
    /// so a failure replays).
    @Test(arguments: 1...4)
    func randomTextAgreesWithTheRules(_ seed: UInt64) throws {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            var content: [UInt8] = []
            for _ in 0..<next(12) {
                content +=
                    next(3) == 0
                    ? Array("abcdefg".utf8.prefix(next(7) + 1)) : Self.pieces[next(Self.pieces.count)]
            }
            try fastScanAgreesWithTheRules(content)
        }
    }
}
