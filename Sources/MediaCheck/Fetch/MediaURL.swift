import Foundation
import NotificationKit

/// An absolute `http`/`https` URL taken apart just enough to check and pin it: the scheme, the
/// host (an IP literal or a name) and the port. Read by the one URL reader (`AbsoluteURL`, no
/// user info, no spaces, control characters or backslashes), so this check, the validator and
/// libcurl cannot read two different hosts out of one string; the socket check behind it catches
/// any that would.
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

    /// Parses `text`; nil when it is not an absolute http(s) URL of at most 2 048 bytes.
    public init?(_ text: String) {
        guard text.utf8.count <= 2048, let url = AbsoluteURL(text),
            url.scheme == "https" || url.scheme == "http"
        else { return nil }
        var host = Substring(url.host)
        if url.isBracketed {
            guard IPAddress.parseIPv6(host) != nil else { return nil }
        }
        while host.hasSuffix(".") && host.count > 1 { host = host.dropLast() }  // "localhost." is localhost
        self.text = text
        self.scheme = url.scheme
        self.host = String(host)
        self.port = url.port ?? (url.scheme == "https" ? 443 : 80)
        self.literal = url.isBracketed ? IPAddress(literal: "[\(host)]") : IPAddress(literal: String(host))
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
