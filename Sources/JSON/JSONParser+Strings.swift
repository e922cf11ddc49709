extension JSONParser {
    /// Reads the string whose opening quote is at `index`; nil when it never ends.
    ///
    /// The fast path scans eight bytes at a time for a quote, a backslash or a control
    /// character; a string without escapes becomes a `String` straight from the buffer (with
    /// the standard library's UTF-8 validation when it has non-ASCII bytes). Anything else is
    /// re-read by `parseStringSlowly`, which reports each fault and decodes into `scratch`.
    mutating func parseString(isKey: Bool = false) -> String? {
        let start = index + 1
        guard let end = findStringEnd(from: start) else { return parseStringSlowly(from: start) }
        let content = UnsafeBufferPointer(rebasing: bytes[start..<end.offset])
        if isKey && !end.hasNonASCII, let name = knownKeys.name(content) {
            index = end.offset + 1
            return name
        }
        if end.hasNonASCII {
            guard let text = String(validating: content, as: UTF8.self) else {
                return parseStringSlowly(from: start)
            }
            lineContinuations += end.continuations
            index = end.offset + 1
            return text
        }
        index = end.offset + 1
        return String(decoding: content, as: UTF8.self)
    }

    /// The offset of the closing quote of a string without escapes or control characters,
    /// whether it holds non-ASCII bytes, and how many UTF-8 continuation bytes (`10xxxxxx`) it
    /// holds (for columns in scalars), all in one pass eight bytes at a time; nil when the string
    /// needs the slow path.
    private func findStringEnd(from start: Int) -> (offset: Int, hasNonASCII: Bool, continuations: Int)? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var position = start
        var highBits: UInt64 = 0
        var continuations = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(ASCII.quote))
            let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
            let special =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word)
            let flagged = special & highs
            if flagged != 0 {
                let offset = position + flagged.trailingZeroBitCount / 8
                let byte = bytes[offset]
                let before = (UInt64(1) << UInt64((offset - position) * 8)) &- 1
                highBits |= word & highs & before
                continuations += (word & ~(word << 1) & highs & before).nonzeroBitCount
                guard byte == ASCII.quote else { return nil }
                return (offset, highBits != 0, continuations)
            }
            highBits |= word & highs
            continuations += (word & ~(word << 1) & highs).nonzeroBitCount
            position += 8
        }
        while position < count {
            let byte = bytes[position]
            if byte == ASCII.quote { return (position, highBits != 0, continuations) }
            if byte == ASCII.backslash || byte < 0x20 { return nil }
            highBits |= UInt64(byte & 0x80)
            if byte & 0xC0 == 0x80 { continuations += 1 }
            position += 1
        }
        return nil
    }

    /// Decodes a string with escapes or faults, reporting each fault and going on where JSON's
    /// structure allows it; nil when the string is unterminated.
    private mutating func parseStringSlowly(from start: Int) -> String? {
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
                return String(decoding: scratch, as: UTF8.self)
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
        return nil
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
