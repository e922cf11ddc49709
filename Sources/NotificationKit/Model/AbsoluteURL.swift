/// An absolute `scheme://authority/…` URL, read the one way Pushboard reads URLs: the validator's
/// media-URL rule, the media check before it connects, and the composer's "is it https" all ask
/// this reader, so they cannot disagree about what is a URL or where its host is.
///
/// Stricter than browsers on purpose: no user info (`name:password@`: credentials in a payload
/// reach every device in clear, and a second reader such as libcurl could take the host from
/// another `@`), no spaces, control characters or backslashes, a port of digits in 1–65535.
public struct AbsoluteURL: Sendable, Hashable {
    /// Why a text is not an absolute URL; the validator names the reason in its message.
    public enum Refusal: Error, Sendable, Hashable {
        /// No `scheme://`, or an empty host.
        case notAbsolute
        /// A space, control character or backslash.
        case forbiddenCharacter
        /// `name@` or `name:password@` before the host.
        case userInfo
        /// A port that is not digits in 1–65535, or an IPv6 literal that is not closed.
        case malformedAuthority
    }

    /// The URL text as given.
    public let text: String
    /// The scheme, lowercased.
    public let scheme: String
    /// The host, lowercased, without the brackets of an IPv6 literal.
    public let host: String
    /// True when the host was written in brackets (an IPv6 literal).
    public let isBracketed: Bool
    /// The explicit port, nil when the URL names none.
    public let port: Int?

    /// Reads `text`; nil when it is not an absolute URL (see `read(_:)` for why).
    public init?(_ text: String) {
        guard case .success(let url) = Self.read(text) else { return nil }
        self = url
    }

    private init(text: String, scheme: String, host: String, isBracketed: Bool, port: Int?) {
        self.text = text
        self.scheme = scheme
        self.host = host
        self.isBracketed = isBracketed
        self.port = port
    }

    /// Reads `text`, or says why it is not an absolute URL.
    public static func read(_ text: String) -> Result<AbsoluteURL, Refusal> {
        if let result = text.utf8.withContiguousStorageIfAvailable({ read($0, text: text) }) { return result }
        return read(Array(text.utf8)[...], text: text)
    }

    /// `read(_:)` on the URL's bytes: walking a buffer rather than the string's UTF-8 view keeps
    /// the validator's per-payload cost low (`validate --jsonl`).
    private static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, text: String)
        -> Result<AbsoluteURL, Refusal>
    {
        if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
            return .failure(.forbiddenCharacter)
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .failure(.notAbsolute) }
        let scheme = bytes[..<colon]
        let rest = bytes[bytes.index(after: colon)...]
        guard let first = scheme.first, isLetter(first), scheme.allSatisfy(isSchemeByte),
            rest.starts(with: "//".utf8)
        else { return .failure(.notAbsolute) }
        let afterSlashes = rest.dropFirst(2)
        let authority = afterSlashes.prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        if authority.contains(UInt8(ascii: "@")) { return .failure(.userInfo) }
        let hostBytes: Bytes.SubSequence
        var portBytes: Bytes.SubSequence?
        let bracketed = authority.first == UInt8(ascii: "[")
        if bracketed {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(.malformedAuthority)
            }
            hostBytes = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { return .failure(.malformedAuthority) }
                portBytes = after.dropFirst()
            }
        } else if let portColon = authority.firstIndex(of: UInt8(ascii: ":")) {
            hostBytes = authority[..<portColon]
            portBytes = authority[authority.index(after: portColon)...]
        } else {
            hostBytes = authority
        }
        guard !hostBytes.isEmpty else { return .failure(.notAbsolute) }
        var port: Int?
        if let portBytes {
            guard !portBytes.isEmpty, portBytes.count <= 5,
                portBytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return .failure(.malformedAuthority) }
            let number = portBytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard (1...65535).contains(number) else { return .failure(.malformedAuthority) }
            port = number
        }
        return .success(
            AbsoluteURL(
                text: text, scheme: String(decoding: scheme, as: UTF8.self).lowercased(),
                host: String(decoding: hostBytes, as: UTF8.self).lowercased(), isBracketed: bracketed,
                port: port))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
