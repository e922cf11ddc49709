/// Writes one access-log line into memory reserved for it up front (`AccessLogEntry`
/// computes an upper bound of its length): appending to an array byte by byte, with a capacity
/// and uniqueness check each time, cost ~35 instructions a byte of every request's line.
///
/// Never writes past the memory it was given: bytes beyond it are dropped (a wrong bound would
/// cut the line, never corrupt memory).
struct LogLineWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0

    /// A writer filling `buffer` from its start.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    /// Appends the UTF-8 bytes of `text` as they are, in one copy.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `bytes` in one copy (as many as fit).
    private mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        let fitting = min(bytes.count, buffer.count - count)
        guard fitting > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source, count: fitting)
        count += fitting
    }

    /// Appends `text` for the inside of a combined-format quoted field: `"` and `\` escaped,
    /// control and non-ASCII bytes as `\xHH` (as Apache writes them), so a hostile User-Agent
    /// cannot forge a second line. At most 4 bytes are written per byte of `text`.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            // Nearly every path and User-Agent needs no escaping: one copy then.
            if !bytes.contains(where: Self.needsEscaping) {
                append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    append(UInt8(ascii: "\\"))
                    append(byte)
                case 0x20..<0x7F:
                    append(byte)
                default:
                    append(UInt8(ascii: "\\"))
                    append(UInt8(ascii: "x"))
                    append(Self.hexDigit(byte >> 4))
                    append(Self.hexDigit(byte & 0xF))
                }
            }
        }
    }

    /// Appends `text` escaped and in double quotes.
    mutating func appendQuoted(_ text: String) {
        append(UInt8(ascii: "\""))
        appendEscaped(text)
        append(UInt8(ascii: "\""))
    }

    /// Appends `value` (negative counts as 0) in decimal, zero-padded on the left to `width`
    /// digits; at most `max(width, 19)` bytes.
    mutating func appendDecimal(_ value: Int, width: Int = 1) {
        let value = max(0, value)
        var divisor = 1
        var digits = 1
        while divisor <= value / 10 {
            divisor *= 10
            digits += 1
        }
        for _ in digits..<max(width, digits) { append(UInt8(ascii: "0")) }
        var rest = value
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || !(0x20..<0x7F).contains(byte)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The bytes `body` writes, in an array of at most `capacity` bytes.
    static func bytes(capacity: Int, _ body: (inout LogLineWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var writer = LogLineWriter(buffer)
            body(&writer)
            initialized = writer.count
        }
    }
}
