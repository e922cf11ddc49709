import Foundation
import HTTPKit

/// The reverse proxies whose `X-Forwarded-For` is believed (`serve --trusted-proxy`): behind
/// one, every client has the proxy's address, so the login throttle, the audit trail and the
/// log need the address the proxy saw.
///
/// Only a request whose peer is a trusted proxy is read, and then the rightmost entry of
/// `X-Forwarded-For` that is not itself a trusted proxy: every entry left of the last proxy's
/// own was written by the client and may be anything. Without a trusted peer, or with an entry
/// that is not an IP address, the peer's address stands.
struct TrustedProxies: Sendable {
    /// The proxies' addresses as the server sees peers (`127.0.0.1`, `::1`).
    let addresses: Set<String>

    /// The header proxies append the client's address to.
    static let header = "X-Forwarded-For"

    /// `request` with `remoteAddress` the client's, as described above.
    func resolved(_ request: Request) -> Request {
        guard !addresses.isEmpty, addresses.contains(request.remoteAddress),
            let client = clientAddress(forwardedFor: request.headers.values(for: Self.header))
        else { return request }
        var resolved = request
        resolved.remoteAddress = client
        return resolved
    }

    /// The rightmost address in the header lines (in order) that is not a trusted proxy, or nil
    /// when there is none or it is not an IP address.
    func clientAddress(forwardedFor lines: [String]) -> String? {
        let entries = lines.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let client = entries.last(where: { !addresses.contains($0) }),
            Self.isAddress(client)
        else { return nil }
        return client
    }

    /// Whether `text` looks like an IPv4 or IPv6 address: digits, hex letters, `.` and `:` only,
    /// at most 45 characters (what a proxy writes; anything else was not written by it).
    static func isAddress(_ text: String) -> Bool {
        (2...45).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                    UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: ":"):
                    true
                default: false
                }
            }
    }
}
