import Foundation

/// An absolute `http`/`https` URL taken apart just enough to check and pin it: the scheme, the
/// host (an IP literal or a name) and the port. Stricter than browsers on purpose (no user info,
/// no spaces, control characters or backslashes), so this parser and libcurl's cannot read two
/// different hosts out of one string; the socket check behind it catches any that would.
public struct MediaURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL text as given (or as resolved from a redirect).
    public let text: String
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host, lowercased, without the brackets of an IPv6 literal.
    public let host: String
    /// The port, explicit or the scheme's default.
    public let port: Int
    /// The address when the host is an IP literal in any spelling `inet_aton` accepts.
    public let literal: IPAddress?

    /// Parses `text`; nil when it is not an absolute URL of that shape.
    public init?(_ text: String) {
        guard text.utf8.count <= 2048,
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }),
            let schemeEnd = text.range(of: "://")
        else { return nil }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "https" || scheme == "http" else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return nil }
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            guard IPAddress.parseIPv6(host) != nil else { return nil }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        while host.hasSuffix(".") && host.count > 1 { host = host.dropLast() }  // "localhost." is localhost
        guard !host.isEmpty else { return nil }
        var port = scheme == "https" ? 443 : 80
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number), portText.allSatisfy(\.isNumber)
            else { return nil }
            port = number
        }
        self.text = text
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
        self.literal =
            authority.hasPrefix("[") ? IPAddress(literal: "[\(host)]") : IPAddress(literal: String(host))
    }

    /// The URL a `Location` header leads to, resolved against this one (RFC 3986 §5).
    public func following(_ location: String) -> MediaURL? {
        guard let base = URL(string: text), let target = URL(string: location, relativeTo: base) else {
            return nil
        }
        return MediaURL(target.absoluteString)
    }

    /// The URL text.
    public var description: String { text }
}
