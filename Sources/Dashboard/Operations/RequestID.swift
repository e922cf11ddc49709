import Synchronization

/// The identifier of one request, so a client's report, the access log line and any error line
/// can be matched up. A client (or a proxy in front) may send its own in `X-Request-ID`; the
/// dashboard keeps it when it is plausible and makes one otherwise, and echoes it on the answer.
struct RequestID: Sendable, Equatable {
    /// The header that carries it both ways.
    static let headerName = "X-Request-ID"
    /// The longest identifier accepted from a client; longer ones are replaced, never cut.
    static let maximumLength = 128

    /// The identifier text: only characters that need no escaping in either log format.
    let text: String

    /// A client's identifier, if it is 1 to `maximumLength` characters of letters, digits and
    /// `-._:+/=@`; anything else (spaces, quotes, control characters, non-ASCII) is refused, so
    /// it can never break a log line or smuggle a header.
    init?(validating value: String?) {
        guard let value, (1...Self.maximumLength).contains(value.utf8.count),
            value.utf8.allSatisfy(Self.isAllowed)
        else { return nil }
        self.text = value
    }

    /// An identifier made by the server (`RequestIDSource`); the text is 32 lowercase hex digits.
    fileprivate init(text: String) {
        self.text = text
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._:+/=@".utf8.contains(byte)
        }
    }
}

/// Makes the server's own request ids: 64 random bits drawn once per process, then a counter,
/// as 32 lowercase hex digits (`3f9c…0000000000000001`).
///
/// An id only has to be unique, so a log line, an error line and a client's report can be
/// matched: it is no secret (a client may choose its own, `X-Request-ID`) and guards nothing.
/// The random half keeps ids of different processes and restarts apart; the counter keeps those
/// of one process apart for certain. One atomic increment per request, where drawing 128 random
/// bits cost a `getrandom(2)` system call each time.
final class RequestIDSource: Sendable {
    /// The random half, as 16 hex digits.
    private let prefix: [UInt8]
    /// The last number handed out.
    private let counter = Atomic<UInt64>(0)

    /// A source with a fresh random half.
    init() {
        var generator = SystemRandomNumberGenerator()
        self.prefix = Self.hexDigits(generator.next())
    }

    /// The next identifier.
    func next() -> RequestID {
        let number = counter.add(1, ordering: .relaxed).newValue
        let text = String(unsafeUninitializedCapacity: 32) { buffer in
            for position in 0..<16 {
                buffer[position] = prefix[position]
                buffer[16 + position] = Self.hexDigit(number >> UInt64(60 - 4 * position))
            }
            return 32
        }
        return RequestID(text: text)
    }

    /// `value` as 16 lowercase hex digits, zero-padded.
    private static func hexDigits(_ value: UInt64) -> [UInt8] {
        (0..<16).map { position in hexDigit(value >> UInt64(60 - 4 * position)) }
    }

    /// The lowest four bits of `value` as one lowercase hex digit.
    private static func hexDigit(_ value: UInt64) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xF)
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
