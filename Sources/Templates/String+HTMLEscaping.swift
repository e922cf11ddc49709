extension String {
    /// This text made safe for HTML element content and quoted attribute values.
    ///
    /// Replaces `&`, `<`, `>`, `"` and `'` with `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`,
    /// judged per Unicode scalar, never per `Character`: `"\u{301}` (a quote followed by a
    /// combining acute) is one `Character` that is not equal to `"`, so escaping by `Character`
    /// would let the quote through and end an attribute. The scan runs over UTF-8 bytes, which
    /// gives exactly the per-scalar result: the five characters are ASCII, and ASCII bytes never
    /// occur inside the encoding of another scalar.
    public func htmlEscaped() -> String {
        let bytes = utf8
        guard bytes.contains(where: Self.needsEscaping) else {
            return self
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }
}
