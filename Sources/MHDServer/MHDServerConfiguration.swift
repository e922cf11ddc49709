import Foundation

/// How the server listens and what it accepts. Defaults suit `pushboard serve`.
public struct MHDServerConfiguration: Sendable, Equatable {
    /// The numeric address to bind: `127.0.0.1` (default), `::1`, `0.0.0.0`, `::`.
    public var host: String
    /// The TCP port; 0 asks the kernel for a free one (read it back from `MHDServer.port`).
    public var port: Int
    /// Worker threads, each with its own epoll loop; defaults to the number of cores.
    public var threadPoolSize: Int
    /// The largest request body accepted, in bytes; larger ones get 413 (default 1 MiB).
    public var bodyLimit: Int
    /// Seconds a connection may stay idle before it is closed, so slow clients cannot hold workers.
    public var connectionTimeoutSeconds: Int
    /// Seconds a client has for a whole request head, however steadily it trickles bytes.
    public var headDeadlineSeconds: Double = 10
    /// Seconds a client has for a whole request, body included, from when the server began
    /// waiting for it; a late one is told 408 and closed (30 s lets a 1 MiB body through at
    /// 35 KB/s). A shorter one shortens the head deadline too.
    public var requestDeadlineSeconds: Double = 30
    /// Request body bytes the whole server holds at once; a body that does not fit is answered
    /// 503 with `Retry-After` (default 64 MiB: 64 bodies at the default limit).
    public var bodyBudget = 64 << 20
    /// Open connections served normally; requests beyond are answered 503 with `Retry-After`.
    public var connectionLimit = 1000
    /// Connections past `connectionLimit` still accepted so they can be told 503; past these
    /// libmicrohttpd closes new connections at once.
    public var overflowConnections = 64
    /// Connections one client address may hold open at once; further ones are answered 503
    /// with `Retry-After` and closed.
    public var perClientConnectionLimit = 64
    /// Numeric client addresses exempt from `perClientConnectionLimit`: a reverse proxy that
    /// brings every client from one address (default none). The total caps still apply.
    public var trustedPeers: Set<String> = []
    /// Bytes of memory per connection for the request line and headers; a longer head is
    /// refused by libmicrohttpd (431).
    public var headerMemoryLimit = 32 * 1024

    /// Makes a configuration; every parameter has the documented default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threadPoolSize: Int = ProcessInfo.processInfo.activeProcessorCount,
        bodyLimit: Int = 1 << 20,
        connectionTimeoutSeconds: Int = 10
    ) {
        self.host = host
        self.port = port
        self.threadPoolSize = threadPoolSize
        self.bodyLimit = bodyLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
    }

    /// Checks the values a user can get wrong on the command line, before anything is started.
    func validate() throws(MHDServerError) {
        guard (0...65_535).contains(port) else {
            throw .invalidConfiguration("The port must be between 0 and 65535, not \(port).")
        }
        guard (1...1024).contains(threadPoolSize) else {
            throw .invalidConfiguration("The thread count must be between 1 and 1024, not \(threadPoolSize).")
        }
        guard bodyLimit >= 0 else {
            throw .invalidConfiguration("The body limit must not be negative.")
        }
        guard (1...3600).contains(connectionTimeoutSeconds) else {
            throw .invalidConfiguration("The connection timeout must be between 1 and 3600 seconds.")
        }
        guard connectionLimit >= 1, overflowConnections >= 1, perClientConnectionLimit >= 1,
            headDeadlineSeconds > 0, headerMemoryLimit >= 4096, bodyBudget >= 0
        else {
            throw .invalidConfiguration("The connection limits must be positive.")
        }
        guard requestDeadlineSeconds > 0, requestDeadlineSeconds <= 3600 else {
            throw .invalidConfiguration("The request deadline must be more than 0 and at most 3600 seconds.")
        }
        if let peer = trustedPeers.first(where: { SocketAddress.canonical($0) == nil }) {
            throw .invalidConfiguration(
                "A trusted peer must be a numeric IPv4 or IPv6 address, not \"\(peer)\".")
        }
        guard SocketAddress(host: host, port: UInt16(port)) != nil else {
            throw .invalidConfiguration("The host must be a numeric IPv4 or IPv6 address, not \"\(host)\".")
        }
    }
}
