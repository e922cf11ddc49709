/// The decimal text of integers as UTF-8 digits, made without a `String`: the one digit loop of
/// every writer of numbers (the reports' `JSONOutputCursor`, the preview documents).
///
/// Inlinable, so a caller in another module gets it specialized: called as a generic across
/// modules, `withText` looked up its result type's metadata at run time, about 600 instructions
/// for a two-digit number.
public enum DecimalDigits {
    /// The most bytes `write` puts down: 20 digits (`UInt64.max`) and a sign.
    public static let maximumLength = 21

    /// Writes the digits of `value`, after a "-" when `negative`, into `buffer` so that they end
    /// before `end` (which needs `maximumLength` bytes of room before it); answers the index of
    /// the first byte written.
    @inlinable
    public static func write(
        _ value: UInt64, negative: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>, before end: Int
    ) -> Int {
        var start = end
        var remaining = value
        repeat {
            start -= 1
            buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        } while remaining > 0
        if negative {
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        return start
    }

    /// Calls `body` with the decimal text of `value`.
    @inlinable
    public static func withText<Result>(of value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let start = write(
                UInt64(value.magnitude), negative: value < 0, into: buffer, before: buffer.count)
            return body(UnsafeBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start...])))
        }
    }
}
