import CMicroHTTPD
import Concurrency
import Foundation
import HTTPKit

/// The HTTP server: one accepting thread and a pool of libmicrohttpd workers, each with its own
/// epoll loop, answering every request with a `Responder`. Start it, read `port`, stop it (or
/// `runUntilSignalled()`).
public final class MHDServer: Sendable {
    enum Lifecycle {
        case idle
        case running(workers: WorkerPool, context: Unmanaged<ServerContext>, acceptor: ConnectionAcceptor)
        case stopped
    }

    /// The configuration the server was made with.
    public let configuration: MHDServerConfiguration
    private let responder: any Responder
    let lifecycle = Locked(Lifecycle.idle)

    /// Makes a server; nothing listens until `start()`.
    public init(configuration: MHDServerConfiguration = MHDServerConfiguration(), responder: any Responder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// The port the server listens on (the kernel's choice when configured with 0), or `nil` when it
    /// is not running.
    public var port: Int? {
        lifecycle.withLock { state in
            if case .running(_, _, let acceptor) = state { acceptor.port } else { nil }
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
            let acceptor = try ConnectionAcceptor(
                address: address, host: configuration.host, port: configuration.port)
            let hardCap = configuration.connectionLimit + configuration.overflowConnections
            let connections = ConnectionGuard(
                headDeadline: min(configuration.headDeadlineSeconds, configuration.requestDeadlineSeconds),
                requestDeadline: configuration.requestDeadlineSeconds,
                capacity: configuration.connectionLimit,
                hardCap: hardCap, perClientLimit: configuration.perClientConnectionLimit,
                trustedPeers: configuration.trustedPeers)
            // The connections served, as many refused ones lingering, and room for the rest.
            ConnectionGuard.raiseFileLimit(to: hardCap + connections.refusals.capacity + 256)
            let context = Unmanaged.passRetained(
                ServerContext(
                    responder: responder, bodyLimit: configuration.bodyLimit,
                    bodyBudget: BodyBudget(limit: configuration.bodyBudget), connections: connections))
            guard
                let workers = WorkerPool(configuration: configuration, server: context.takeUnretainedValue())
            else {
                let reason = String(cString: strerror(errno))
                acceptor.stop()
                context.release()  // Retained above; no worker ever saw it.
                throw .startFailed(
                    "Could not start serving on \(configuration.host) port \(configuration.port): \(reason)."
                )
            }
            SignalMask.blockingTermination { acceptor.start(handingTo: workers, admittingWith: connections) }
            connections.startWatchdog()
            state = .running(workers: workers, context: context, acceptor: acceptor)
        }
    }

    /// Stops accepting, closes every connection and joins the worker threads. Calling it again, or on
    /// a server that never started, does nothing; a stopped server cannot be started again.
    public func stop() {
        let running = lifecycle.withLock {
            state -> (WorkerPool, Unmanaged<ServerContext>, ConnectionAcceptor)? in
            guard case .running(let workers, let context, let acceptor) = state else { return nil }
            state = .stopped
            return (workers, context, acceptor)
        }
        guard let (workers, context, acceptor) = running else { return }
        acceptor.stop()
        workers.stop()
        context.takeUnretainedValue().connections.stop()
        context.release()  // Retained in start(); no worker thread runs any more.
    }

    deinit {
        stop()
    }
}
