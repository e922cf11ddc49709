// SOCK_DGRAM and SOCK_CLOEXEC come with the C module's <sys/socket.h>: Swift's Glibc module does
// not export the header that defines them.
import CMicroHTTPD
import Foundation

/// systemd's readiness protocol (`Type=notify`), written small: one datagram such as `READY=1`
/// to the Unix socket named in `$NOTIFY_SOCKET` (`@name` is an abstract socket). Without the
/// variable, as outside systemd, every notification is a no-op.
public struct ServiceNotifier: Sendable {
    /// The socket address from the environment, or `nil` when not started by systemd.
    public let socketPath: String?

    /// Reads `NOTIFY_SOCKET` from `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = environment["NOTIFY_SOCKET"] ?? ""
        socketPath = path.hasPrefix("/") || path.hasPrefix("@") ? path : nil
    }

    /// Sends `state` (`READY=1`, `STOPPING=1`, `STATUS=…`, newline-separated); returns whether
    /// the whole datagram was sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        var path = Array(socketPath.utf8)
        let abstract = path.first == UInt8(ascii: "@")
        if abstract { path[0] = 0 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        // An abstract name is exactly its bytes; a path carries its terminating NUL.
        let length =
            (MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2) + path.count + (abstract ? 0 : 1)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(
                    descriptor, message, message.count, Int32(MSG_NOSIGNAL), socketAddress, socklen_t(length))
            }
        }
        return sent == message.count
    }
}
