/// The syntax of a `Host` value (RFC 9110 §7.2): `uri-host [":" port]`, where the host is a
/// bracketed IPv6 literal, or a name or IPv4 address made of letters, digits, `-._~`, the
/// sub-delimiters and percent escapes.
///
/// RFC 9112 §3.2 asks for 400 on a Host with an invalid value. libmicrohttpd 0.9.75 passes any
/// text, and what reads the name further (the dashboard's DNS-rebinding guard) stops at the first
/// colon: `127.0.0.1:80garbage` was served as `127.0.0.1`. Refusing the value here, once, means
/// nothing behind sees a Host that two readers could take for different hosts.
enum HostValue {
    /// Whether `value` is a well-formed Host value (empty is allowed, as RFC 9110 allows it).
    static func isWellFormed(_ value: String) -> Bool {
        var value = value
        // In place: every request's Host passes here, and an array of it was an allocation each.
        return value.withUTF8(isWellFormed)
    }

    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1,
                bytes[1..<close].allSatisfy(isLiteralByte)
            else { return false }
            index = close + 1
        } else {
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, HTTPSyntax.isHex(bytes[index + 1]),
                        HTTPSyntax.isHex(bytes[index + 2])
                    else {
                        return false
                    }
                    index += 3
                    continue
                }
                guard HTTPSyntax.isHostName(byte) else { return false }
                index += 1
            }
        }
        guard index < bytes.count else { return true }
        // The port: a colon and at most five digits.
        let port = bytes[(index + 1)...]
        return bytes[index] == UInt8(ascii: ":") && port.count <= 5 && port.allSatisfy(HTTPSyntax.isDigit)
    }

    /// Inside `[…]`: hexadecimal digits, colons and dots (IPv6, with an IPv4 tail), and the
    /// `v`-prefixed future form's letters are not accepted.
    private static func isLiteralByte(_ byte: UInt8) -> Bool {
        HTTPSyntax.isHex(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}
