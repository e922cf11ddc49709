import CMicroHTTPD
import Foundation

/// A numeric IPv4 or IPv6 socket address, kept as the C structure the listening socket binds to.
enum SocketAddress {
    case ipv4(sockaddr_in)
    case ipv6(sockaddr_in6)

    /// Parses a numeric host; names such as `localhost` are refused so the bind address is never a
    /// guess made by the resolver.
    init?(host: String, port: UInt16) {
        var address4 = sockaddr_in()
        if inet_pton(AF_INET, host, &address4.sin_addr) == 1 {
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = port.bigEndian
            self = .ipv4(address4)
            return
        }
        var address6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &address6.sin6_addr) == 1 {
            address6.sin6_family = sa_family_t(AF_INET6)
            address6.sin6_port = port.bigEndian
            self = .ipv6(address6)
            return
        }
        return nil
    }

    /// The numeric host as the acceptor spells a client's address (`::1` for `0:0:0:0:0:0:0:1`),
    /// so a configured address matches however it was written; nil when it is not numeric.
    static func canonical(_ host: String) -> String? {
        guard let address = SocketAddress(host: host, port: 0) else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
            guard let base = buffer.baseAddress,
                address.withSockaddrPointer({ cmhd_numeric_host($0, base, buffer.count) }) == 0
            else { return nil }
            return String(cString: base)
        }
    }

    /// Whether it is an IPv6 address (an `AF_INET6` socket).
    var isIPv6: Bool {
        if case .ipv6 = self { true } else { false }
    }

    /// The size of the C structure, as `bind` takes it.
    var length: socklen_t {
        switch self {
        case .ipv4: socklen_t(MemoryLayout<sockaddr_in>.size)
        case .ipv6: socklen_t(MemoryLayout<sockaddr_in6>.size)
        }
    }

    /// Calls `body` with a pointer to the generic `sockaddr`, valid only during the call.
    func withSockaddrPointer<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        switch self {
        case .ipv4(var address):
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .ipv6(var address):
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }
}
