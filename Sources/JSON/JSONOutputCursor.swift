/// A write position in memory reserved for JSON text whose length has a known upper bound
/// (a validation report): each piece is copied in place.
///
/// Appending a report piece by piece to an array cost a uniqueness check, a capacity check and
/// a call per piece, more than the bytes themselves for a report of a dozen pieces; here the
/// buffer is reserved once per report. Every write checks that it stays inside the buffer, so
/// an upper bound that is wrong traps rather than writing past the memory.
public struct JSONOutputCursor {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far, from the start of the buffer.
    public private(set) var count = 0

    /// A cursor at the start of `buffer` (not empty), which the caller keeps alive while writing.
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { preconditionFailure("JSONOutputCursor: an empty buffer") }
        self.base = base
        capacity = buffer.count
    }

    /// The most bytes `appendQuoted(text)` writes: quotes and every byte escaped as `\u00XX`.
    public static func maximumQuotedLength(_ text: String) -> Int {
        text.utf8.count * 6 + 2
    }

    /// The place for `length` more bytes, checked against the buffer's end.
    private mutating func reserve(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        precondition(length <= capacity - count, "JSONOutputCursor: the reserved buffer is too small")
        let place = base + count
        count += length
        return place
    }

    /// Appends one byte.
    public mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
    }

    /// Appends constant text (JSON punctuation and member names).
    public mutating func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length).initialize(from: text.utf8Start, count: length)
    }

    /// Appends a decimal integer.
    public mutating func append(_ number: Int) {
        DecimalDigits.withText(of: number) { digits in
            guard let first = digits.baseAddress else { return }
            reserve(digits.count).initialize(from: first, count: digits.count)
        }
    }

    /// Appends `text` as a JSON string literal, escaped as `JSONWriter` escapes it.
    public mutating func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            let place = reserve(utf8.count * 6 + 2)
            place.pointee = ASCII.quote
            let length = JSONWriter.escape(utf8, into: place + 1)
            place[length + 1] = ASCII.quote
            // Give back what the escaped text did not use.
            count -= utf8.count * 6 - length
        }
    }
}
