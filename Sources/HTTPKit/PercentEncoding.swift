/// Percent-encoding of one URL component, the inverse of `PercentDecoding`: every byte of the
/// UTF-8 text but the unreserved ones (RFC 3986: letters, digits, `-._~`) becomes `%XX`, so the
/// result is safe as a path segment and as a query value alike, and decodes back to the text.
public enum PercentEncoding {
    /// `text` with every byte but the URL-unreserved ones as `%XX` (upper-case hex).
    public static func encoded(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(byte)
            default:
                result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
