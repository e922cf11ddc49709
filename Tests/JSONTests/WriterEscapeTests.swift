import Testing

@testable import JSON

/// The word-at-a-time escaping (`JSONWriter.escape`, `isVerbatim`, `JSONOutputCursor`) agrees
/// with a byte-by-byte reference for every kind of byte at every place in an eight-byte word.
struct WriterEscapeTests {
    /// The escaping rule spelled out one byte at a time, as the writer documents it.
    static func referenceQuoted(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var output: [UInt8] = [UInt8(ascii: "\"")]
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0x00..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                output += Array(#"\u00"#.utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            case 0xE2
            where position + 2 < bytes.count && bytes[position + 1] == 0x80
                && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9):
                output += Array((bytes[position + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                position += 2
            default: output.append(byte)
            }
            position += 1
        }
        output.append(UInt8(ascii: "\""))
        return output
    }

    /// Pieces that need an escape, look like one (other U+20xx, multibyte text) or are plain.
    static let pieces = [
        "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}",
        "—", "…", "č", "ệ", "😀", "👍🏽", "/", "a",
    ]

    /// Every piece at every offset of plain text around it, so each lands at each byte of a word
    /// and in the bytewise tail.
    static var cases: [String] {
        var cases = [
            "", "a", "plain ascii text longer than a word", "Příliš žluťoučký kůň úpěl ďábelské ódy.",
        ]
        for piece in pieces {
            for before in 0..<10 {
                for after in [0, 1, 7, 8, 9] {
                    cases.append(
                        String(repeating: "x", count: before) + piece + String(repeating: "y", count: after))
                }
            }
            cases.append(String(repeating: piece + "ab", count: 9))
        }
        return cases
    }

    @Test func quotingAgreesWithTheBytewiseRule() {
        for text in Self.cases {
            let expected = Self.referenceQuoted(text)
            var bytes: [UInt8] = [0x41]
            JSONWriter.appendQuoted(text, to: &bytes)
            #expect(bytes == [0x41] + expected, "\(Array(text.utf8))")
            #expect(Array(JSONWriter.quoted(text).utf8) == expected)
            var viaString = ""
            JSONWriter.appendQuoted(text, to: &viaString)
            #expect(Array(viaString.utf8) == expected)
            var utf8 = text
            let verbatim = utf8.withUTF8 { JSONWriter.isVerbatim($0) }
            #expect(verbatim == (expected.count == text.utf8.count + 2))
        }
    }

    @Test func cursorWritesWhatTheWriterWrites() {
        for text in Self.cases {
            let capacity = JSONOutputCursor.maximumQuotedLength(text) + 1
            let written = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var cursor = JSONOutputCursor(buffer)
                cursor.appendQuoted(text)
                cursor.append(UInt8(ascii: ","))
                count = cursor.count
            }
            #expect(written == Self.referenceQuoted(text) + [UInt8(ascii: ",")])
        }
    }

    @Test(arguments: [0, 7, -1, 10, 99, 100, -4096, 4096, Int.max, Int.min])
    func cursorWritesIntegersAsDecimals(_ number: Int) {
        let written = [UInt8](unsafeUninitializedCapacity: DecimalDigits.maximumLength) {
            buffer, count in
            var cursor = JSONOutputCursor(buffer)
            cursor.append(number)
            count = cursor.count
        }
        #expect(String(decoding: written, as: UTF8.self) == String(number))
    }
}
