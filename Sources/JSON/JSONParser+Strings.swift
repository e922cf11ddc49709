extension JSONParser {
    /// Reads past the string whose opening quote is at `index`, reporting every fault in it;
    /// returns whether its text needs decoding (escapes, control characters, invalid UTF-8),
    /// nil when it never ends.
    ///
    /// The fast path scans eight bytes at a time for a quote, a backslash or a control
    /// character and checks the UTF-8 of non-ASCII text in place; no string is built. Anything
    /// else is re-read by `decodeStringSlowly`, which reports each fault.
    ///
    /// Inlined into its two callers (keys and string values): as a call of its own it cost
    /// about 24 instructions a string.
    @inline(__always)
    mutating func scanString() -> Bool? {
        let start = index + 1
        if let end = Self.findPlainStringEnd(in: bytes, from: start) {
            lineContinuations += end.continuations
            index = end.offset + 1
            return false
        }
        guard decodeStringSlowly(from: start) else { return nil }
        return true
    }

    /// The decoded UTF-8 of the string whose opening quote is at `quote` (faults repaired as
    /// the reader reports them: U+FFFD for what is not a character), for a node flagged as
    /// needing decoding. Nothing is reported; the reader did that when it read the text.
    static func decodedContent(of bytes: UnsafeBufferPointer<UInt8>, quoteAt quote: Int) -> [UInt8] {
        var decoder = JSONParser(bytes: bytes, maximumDepth: 1)
        decoder.reporting = false
        decoder.index = quote
        _ = decoder.decodeStringSlowly(from: quote + 1)
        return decoder.scratch
    }

    /// The offset of the closing quote of a string that is its own exact UTF-8 (no escape, no
    /// control character, only well-formed UTF-8), and how many UTF-8 continuation bytes it
    /// holds (for columns in scalars); nil when the string needs the slow path.
    ///
    /// One pass: plain ASCII is skipped eight bytes at a time; a word with a quote, a backslash,
    /// a control character or a non-ASCII byte is entered at the first such byte, which is
    /// judged alone (a multi-byte sequence by the rules of `utf8SequenceLength`: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF).
    ///
    /// Static, given the bytes: as a method it was called on a copy of the whole parser (168
    /// bytes copied per string), which the mutating callers had to make.
    private static func findPlainStringEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
        offset: Int, continuations: Int
    )? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var position = start
        var continuations = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        while true {
            while position + 8 <= count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let quotes = word ^ (ones &* UInt64(ASCII.quote))
                let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
                let special =
                    ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                    | ((word &- ones &* 0x20) & ~word)
                let flagged = (special | word) & highs
                if flagged == 0 {
                    position += 8
                    continue
                }
                position += flagged.trailingZeroBitCount / 8
                break
            }
            guard position < count else { return nil }
            let lead = base[position]
            switch lead {
            case ASCII.quote:
                return (position, continuations)
            case ASCII.backslash, 0..<0x20:
                return nil
            case 0x20..<0x80:
                position += 1
            case 0xC2..<0xE0:
                guard position + 1 < count, isContinuation(base[position + 1]) else { return nil }
                continuations += 1
                position += 2
            case 0xE0..<0xF0:
                guard position + 2 < count else { return nil }
                let second = base[position + 1]
                guard isContinuation(second), isContinuation(base[position + 2]),
                    lead != 0xE0 || second >= 0xA0, lead != 0xED || second <= 0x9F
                else { return nil }
                continuations += 2
                position += 3
            case 0xF0..<0xF5:
                guard position + 3 < count else { return nil }
                let second = base[position + 1]
                guard isContinuation(second), isContinuation(base[position + 2]),
                    isContinuation(base[position + 3]), lead != 0xF0 || second >= 0x90,
                    lead != 0xF4 || second <= 0x8F
                else { return nil }
                continuations += 3
                position += 4
            default:
                return nil
            }
        }
    }

    /// Decodes a string with escapes or faults into `scratch`, reporting each fault and going on
    /// where JSON's structure allows it; false when the string is unterminated.
    mutating func decodeStringSlowly(from start: Int) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        let count = bytes.count
        var position = start
        var reportedInvalidUTF8 = false
        while position < count && !stopped {
            let byte = bytes[position]
            if byte == ASCII.quote {
                let continuationStart = max(start, lineStart)
                for offset in continuationStart..<position where bytes[offset] & 0xC0 == 0x80 {
                    lineContinuations += 1
                }
                index = position + 1
                return true
            } else if byte == ASCII.backslash {
                position = decodeEscape(at: position)
            } else if byte < 0x20 {
                report(
                    .controlCharacter,
                    "Control character U+\(hex(UInt32(byte), width: 4)) must be escaped inside a string.",
                    at: position)
                scratch.append(byte)
                position += 1
                if byte == ASCII.newline {
                    line += 1
                    lineStart = position
                    lineContinuations = 0
                }
            } else if byte < 0x80 {
                scratch.append(byte)
                position += 1
            } else {
                let length = utf8SequenceLength(at: position)
                if length == 0 {
                    if !reportedInvalidUTF8 {
                        reportedInvalidUTF8 = true
                        report(
                            .invalidUTF8,
                            "Byte 0x\(hex(UInt32(byte), width: 2)) in this string is not UTF-8; "
                                + "APNs requires UTF-8 text.", at: position)
                    }
                    scratch.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    position += 1
                } else {
                    scratch.append(
                        contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + length]))
                    position += length
                }
            }
        }
        if !stopped {
            report(.syntax, "This string has no closing quote.", at: start - 1)
        }
        return false
    }

    /// Decodes the escape whose backslash is at `position`; returns the offset after it.
    private mutating func decodeEscape(at position: Int) -> Int {
        guard position + 1 < bytes.count else { return position + 1 }
        let escaped = bytes[position + 1]
        switch escaped {
        case ASCII.quote, ASCII.backslash, UInt8(ascii: "/"):
            scratch.append(escaped)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            return decodeUnicodeEscape(at: position)
        default:
            let shown =
                escaped >= 0x20 && escaped < 0x7F ? "\\\(Character(Unicode.Scalar(escaped)))" : "backslash"
            report(
                .invalidEscape,
                "\(shown) is not a JSON escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX.",
                at: position)
            // Keep the escaped character itself; let the loop judge it if it is not ASCII.
            return position + 1
        }
        return position + 2
    }

    /// Decodes `\uXXXX`, joining surrogate pairs and reporting lone surrogates.
    private mutating func decodeUnicodeEscape(at position: Int) -> Int {
        guard let unit = hexQuad(at: position + 2) else {
            report(.invalidEscape, "\\u must be followed by four hexadecimal digits.", at: position)
            return position + 2
        }
        var scalarValue = unit
        var next = position + 6
        if (0xD800...0xDBFF).contains(unit) {
            if next + 1 < bytes.count, bytes[next] == ASCII.backslash, bytes[next + 1] == UInt8(ascii: "u"),
                let low = hexQuad(at: next + 2), (0xDC00...0xDFFF).contains(low)
            {
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            } else {
                reportLoneSurrogate(unit, at: position)
                scalarValue = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(unit) {
            reportLoneSurrogate(unit, at: position)
            scalarValue = 0xFFFD
        }
        appendUTF8(scalarValue)
        return next
    }

    private mutating func reportLoneSurrogate(_ unit: UInt32, at position: Int) {
        report(
            .loneSurrogate,
            "\\u\(hex(unit, width: 4)) is half of a UTF-16 surrogate pair without its other half; "
                + "it is not a character.", at: position)
    }

    /// Appends the UTF-8 form of a scalar value (never a surrogate here).
    private mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            scratch.append(UInt8(value))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// The value of four hex digits at `offset`, or nil.
    private func hexQuad(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for position in offset..<offset + 4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
