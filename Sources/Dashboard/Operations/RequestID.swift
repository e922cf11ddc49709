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

    /// A new random identifier: 128 bits as 32 lowercase hex digits.
    static func random() -> RequestID {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return RequestID(text: hex(high) + hex(low))
    }

    private init(text: String) {
        self.text = text
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
