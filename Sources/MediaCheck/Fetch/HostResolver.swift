import Concurrency
import Foundation
import Glibc

/// Turns a host name into the addresses it stands for, with the system resolver
/// (`getaddrinfo`), so the check sees every address before anything connects: one refused
/// address refuses the host, and the transfer is pinned to an address from this list.
public struct HostResolver: Sendable {
    /// A resolver over the system's `getaddrinfo`.
    public init() {}

    /// What a lookup within a time limit came to.
    public enum Lookup: Sendable, Equatable {
        /// The addresses, in the resolver's order.
        case resolved([IPAddress])
        /// The name does not resolve.
        case unknown
        /// No answer within the limit.
        case timedOut
    }

    /// `addresses(of:)` within `milliseconds`. `getaddrinfo` cannot be cancelled, so it runs on
    /// its own thread and a slow resolver costs that thread its own (bounded) timeouts, never
    /// the request: the check goes on at the limit.
    public func lookUp(_ host: String, within milliseconds: Int) -> Lookup {
        let outcome = Locked<Lookup?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = addresses(of: host).map(Lookup.resolved) ?? .unknown
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.start()
        guard done.wait(timeout: .now() + .milliseconds(max(1, milliseconds))) == .success else {
            return .timedOut
        }
        return outcome.withLock { $0 } ?? .unknown
    }

    /// The addresses of `host` in the resolver's order, or nil when the name does not resolve.
    public func addresses(of host: String) -> [IPAddress]? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        var result: [IPAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            if let socketAddress = current.pointee.ai_addr,
                let address = IPAddress(socketAddress: socketAddress),
                !result.contains(address)
            {
                result.append(address)
            }
            node = current.pointee.ai_next
        }
        return result.isEmpty ? nil : result
    }
}

extension IPAddress {
    /// The address inside a `sockaddr_in` or `sockaddr_in6`; nil for other families.
    init?(socketAddress pointer: UnsafePointer<sockaddr>) {
        switch Int32(pointer.pointee.sa_family) {
        case AF_INET:
            let value = pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                $0.pointee.sin_addr.s_addr
            }
            self = .v4(UInt32(bigEndian: value))
        case AF_INET6:
            let bytes = pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin6_addr) { Array($0) }
            }
            self = .v6(bytes)
        default:
            return nil
        }
    }
}
