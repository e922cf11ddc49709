import CMicroHTTPD
import Foundation
import HTTPKit

/// The HTTP server: libmicrohttpd with an internal polling thread, epoll and a thread pool, answering
/// every request with a `Responder`. Start it, read `port`, stop it (or `runUntilSignalled()`).
public final class MHDServer: Sendable {
    enum Lifecycle {
        case idle
        case running(daemon: OpaquePointer, context: Unmanaged<ServerContext>, port: Int)
        case stopped
    }

    /// The configuration the server was made with.
    public let configuration: MHDServerConfiguration
    private let responder: any Responder
    let lifecycle = LockedValue(Lifecycle.idle)

    /// Makes a server; nothing listens until `start()`.
    public init(configuration: MHDServerConfiguration = MHDServerConfiguration(), responder: any Responder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// The port the server listens on (the kernel's choice when configured with 0), or `nil` when it
    /// is not running.
    public var port: Int? {
        lifecycle.withLock { state in
            if case .running(_, _, let port) = state { port } else { nil }
        }
    }

    /// How many requests have a live per-request context right now (0 when idle); for tests.
    var liveRequestCount: Int {
        lifecycle.withLock { state in
            if case .running(_, let context, _) = state {
                context.takeUnretainedValue().liveRequests.load(ordering: .relaxed)
            } else {
                0
            }
        }
    }

    /// Binds and starts the worker threads. Throws for a bad configuration or a failed bind.
    /// SIGINT and SIGTERM are blocked in the worker threads, so only `runUntilSignalled()` sees them.
    public func start() throws(MHDServerError) {
        try configuration.validate()
        try lifecycle.withLock { state throws(MHDServerError) in
            guard case .idle = state else { throw .notStartable }
            guard let address = SocketAddress(host: configuration.host, port: UInt16(configuration.port))
            else {
                throw .invalidConfiguration("The host \"\(configuration.host)\" is not a numeric address.")
            }
            let connections = ConnectionGuard(
                headDeadline: configuration.headDeadlineSeconds, capacity: configuration.connectionLimit)
            ConnectionGuard.raiseFileLimit(
                to: configuration.connectionLimit + configuration.overflowConnections + 256)
            let context = Unmanaged.passRetained(
                ServerContext(
                    responder: responder, bodyLimit: configuration.bodyLimit, connections: connections))
            guard
                let daemon = Self.startDaemon(
                    address: address, configuration: configuration, context: context)
            else {
                let reason = String(cString: strerror(errno))
                context.release()  // Retained above; no daemon ever saw it.
                throw .startFailed(
                    "Could not listen on \(configuration.host) port \(configuration.port): \(reason)."
                )
            }
            connections.startWatchdog()
            state = .running(daemon: daemon, context: context, port: Int(cmhd_daemon_bind_port(daemon)))
        }
    }

    /// Stops accepting, closes every connection and joins the worker threads. Calling it again, or on
    /// a server that never started, does nothing; a stopped server cannot be started again.
    public func stop() {
        let running = lifecycle.withLock { state -> (OpaquePointer, Unmanaged<ServerContext>)? in
            guard case .running(let daemon, let context, _) = state else { return nil }
            state = .stopped
            return (daemon, context)
        }
        guard let (daemon, context) = running else { return }
        MHD_stop_daemon(daemon)
        context.takeUnretainedValue().connections.stop()
        context.release()  // Retained in start(); no worker thread runs any more.
    }

    deinit {
        stop()
    }

    private static func startDaemon(
        address: SocketAddress,
        configuration: MHDServerConfiguration,
        context: Unmanaged<ServerContext>
    ) -> OpaquePointer? {
        // MHD_USE_ITC lets `drain` quiesce the daemon (stop listening) while it keeps running.
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let pointer = context.toOpaque()
        return SignalMask.blockingTermination {
            address.withSockaddrPointer { sockaddr in
                cmhd_start_daemon(
                    UInt32(flags),
                    sockaddr,
                    handleAccess,
                    pointer,
                    requestCompleted,
                    pointer,
                    logURI,
                    pointer,
                    UInt32(configuration.threadPoolSize),
                    UInt32(configuration.connectionTimeoutSeconds),
                    configuration.headerMemoryLimit,
                    UInt32(configuration.connectionLimit + configuration.overflowConnections),
                    UInt32(configuration.perClientConnectionLimit),
                    connectionNotified,
                    pointer
                )
            }
        }
    }
}
