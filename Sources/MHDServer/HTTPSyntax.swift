/// The byte classes of HTTP's grammar that the head checks share, in one place: RFC 9110's
/// `tchar` for methods and header names, RFC 3986's host bytes for `Host`, digits and hex.
///
/// Every request's method, header names and Host value pass through these, so a class is a
/// 128-bit set tested with one shift, not a search of its symbols (`bench/http.sh`).
enum HTTPSyntax {
    /// Whether `byte` may appear in a method or a header name (RFC 9110 `tchar`).
    static func isToken(_ byte: UInt8) -> Bool {
        token.contains(byte)
    }

    /// Whether `byte` may appear in a host name or IPv4 address (RFC 3986 `unreserved` and
    /// `sub-delims`; percent escapes are read separately).
    static func isHostName(_ byte: UInt8) -> Bool {
        hostName.contains(byte)
    }

    /// An ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// An ASCII hexadecimal digit, either case.
    static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    // Written as masks so they are constants, not values made on first use (a check per byte);
    // HTTPSyntaxTests compares them with the grammar's lists above, byte by byte.
    /// Letters, digits and ``!#$%&'*+-.^_`|~``.
    private static let token = ASCIISet(low: 0x03ff_6cfa_0000_0000, high: 0x57ff_ffff_c7ff_fffe)
    /// Letters, digits and `-._~!$&'()*+,;=`.
    private static let hostName = ASCIISet(low: 0x2bff_7fd2_0000_0000, high: 0x47ff_fffe_87ff_fffe)
}

/// A set of ASCII bytes as two 64-bit masks.
struct ASCIISet: Sendable {
    /// Bit n: byte n, for bytes 0–63.
    private let low: UInt64
    /// Bit n: byte 64 + n, for bytes 64–127.
    private let high: UInt64

    /// The set whose members are the bits of the two masks.
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Whether `byte` is in the set (never for a byte above 0x7F).
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }
}
