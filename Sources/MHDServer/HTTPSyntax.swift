/// The byte classes of HTTP's grammar that the head checks share, in one place: RFC 9110's
/// `tchar` for methods and header names, RFC 3986's host bytes for `Host`, digits and hex.
enum HTTPSyntax {
    /// Whether `byte` may appear in a method or a header name (RFC 9110 `tchar`).
    static func isToken(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || tokenSymbols.contains(byte)
    }

    /// Whether `byte` may appear in a host name or IPv4 address (RFC 3986 `unreserved` and
    /// `sub-delims`; percent escapes are read separately).
    static func isHostName(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || hostSymbols.contains(byte)
    }

    /// An ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// An ASCII hexadecimal digit, either case.
    static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static let tokenSymbols = Array("!#$%&'*+-.^_`|~".utf8)
    private static let hostSymbols = Array("-._~!$&'()*+,;=".utf8)
}
