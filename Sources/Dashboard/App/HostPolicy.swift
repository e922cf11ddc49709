import HTTPKit

/// Refuses requests whose `Host` names a server this is not, which is how a DNS-rebinding page
/// (a hostile name re-pointed at 127.0.0.1) would otherwise read and change everything: to the
/// browser such a page is same-origin with the dashboard, so the `Origin` check alone cannot tell.
///
/// Allowed: `localhost`, any IP address literal (a rebinding page always uses a name), and the
/// names given with `pushboard serve --allowed-host`. Requests without `Host` (HTTP/1.0 tools)
/// pass; every browser sends one.
struct HostPolicy: Middleware {
    /// Extra host names, lowercased, that people use to reach this dashboard.
    let allowedNames: Set<String>

    init(allowedNames: [String]) {
        self.allowedNames = Set(allowedNames.map { $0.lowercased() })
    }

    /// The 421 to answer with, or nil when the request may go on.
    func refusal(for request: Request) -> HTTPError? {
        guard let host = request.headers["Host"] else { return nil }
        if Self.isLoopbackAddress(host) { return nil }
        let name = Self.hostName(of: host)
        if name == "localhost" || Self.isAddressLiteral(name) || allowedNames.contains(name) {
            return nil
        }
        return HTTPError(
            .unknownHost,
            message:
                "This dashboard does not answer for the host \"\(name)\". Use 127.0.0.1 or localhost, or start it with --allowed-host \(name)."
        )
    }

    /// Refuses with 421 before anything else runs.
    func respond(to request: Request, next: (Request) -> Response) throws(HTTPError) -> Response {
        if let refusal = refusal(for: request) { throw refusal }
        return next(request)
    }

    /// Whether `host` is `127.0.0.1` or `localhost`, with or without a port: what nearly every
    /// request carries, recognised on its bytes before any other parsing.
    static func isLoopbackAddress(_ host: String) -> Bool {
        var host = host
        return host.withUTF8 { bytes in
            var name = bytes[...]
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
                let port = bytes[(colon + 1)...]
                guard !port.isEmpty, port.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                else {
                    return false
                }
                name = bytes[..<colon]
            }
            return name.elementsEqual("127.0.0.1".utf8) || name.elementsEqual("localhost".utf8)
        }
    }

    /// The lowercased name of a `Host` value without its port: `[::1]:8080` → `[::1]`.
    static func hostName(of host: String) -> String {
        let lowered = host.lowercased()
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
            return String(lowered[...close])
        }
        return String(
            lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// Whether `name` is an IPv4 address in dotted decimal or a bracketed IPv6 address.
    static func isAddressLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") {
            let inner = name.dropFirst().dropLast()
            return inner.contains(":") && inner.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy(isOctet)
    }

    /// One decimal part of a dotted IPv4 address: 1–3 ASCII digits, at most 255.
    private static func isOctet(_ part: Substring) -> Bool {
        (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
            && (Int(part) ?? 256) <= 255
    }
}
