import CMicroHTTPD
import Glibc
import Synchronization

/// The C context of one worker's callbacks: what every worker shares, and how many of this
/// worker's callbacks are running now, which is all the acceptor needs to see that it is busy.
final class WorkerContext: Sendable {
    /// What every worker shares.
    let server: ServerContext
    /// Access-handler calls in progress on this worker: 0 when its thread waits for the network.
    let callbacksRunning = Atomic<Int>(0)

    init(server: ServerContext) {
        self.server = server
    }
}

/// The worker threads: one libmicrohttpd daemon each, with its own epoll loop and no listening
/// socket, so that `ConnectionAcceptor` chooses which one serves each new connection.
///
/// Why not one daemon with libmicrohttpd's own thread pool: its `MHD_add_connection` picks the
/// worker from the descriptor's number alone, so a new connection could wait behind a worker
/// busy for seconds (a write waiting for the database lock of another process) while others
/// idled, and `/healthz` stalled (issue 12's fault test). Here a connection goes to the next
/// worker in turn that is not inside a callback, or to the next in turn when every one is.
///
/// `@unchecked Sendable`: the daemons are started in `init` and only stopped in `stop()`;
/// `MHD_add_connection` may be called from any thread for a daemon started with
/// `MHD_USE_ITC`; `next` is atomic.
final class WorkerPool: @unchecked Sendable {
    private let daemons: [OpaquePointer]
    private let contexts: [Unmanaged<WorkerContext>]
    private let next = Atomic<Int>(0)

    /// Starts `configuration.threadPoolSize` daemons; `nil` (with `errno` set) when one failed,
    /// after stopping the others.
    init?(configuration: MHDServerConfiguration, server: ServerContext) {
        var daemons: [OpaquePointer] = []
        var contexts: [Unmanaged<WorkerContext>] = []
        for _ in 0..<configuration.threadPoolSize {
            let context = Unmanaged.passRetained(WorkerContext(server: server))
            guard let daemon = Self.startDaemon(configuration: configuration, context: context) else {
                let failure = errno
                context.release()  // No daemon ever saw it.
                Self.stop(daemons: daemons, contexts: contexts)
                errno = failure
                return nil
            }
            daemons.append(daemon)
            contexts.append(context)
        }
        self.daemons = daemons
        self.contexts = contexts
    }

    /// Hands an accepted, admitted connection to a worker; `false` when libmicrohttpd refused it
    /// (it has then closed the socket).
    func hand(_ socket: Int32, peer: UnsafePointer<sockaddr>, length: socklen_t) -> Bool {
        MHD_add_connection(daemons[chooseWorker()], socket, peer, length) == .YES
    }

    /// The index of the worker for the next connection: the next in turn that is not inside a
    /// callback, else simply the next in turn. Only the accepting thread calls it.
    private func chooseWorker() -> Int {
        let count = daemons.count
        let start = next.load(ordering: .relaxed)
        var chosen = start % count
        for offset in 0..<count {
            let index = (start + offset) % count
            if contexts[index].takeUnretainedValue().callbacksRunning.load(ordering: .relaxed) == 0 {
                chosen = index
                break
            }
        }
        next.store(chosen + 1, ordering: .relaxed)
        return chosen
    }

    /// The client connections open now, summed over the workers.
    var currentConnections: Int {
        daemons.reduce(0) { $0 + Int(cmhd_daemon_current_connections($1)) }
    }

    /// Closes every connection and joins every worker thread. Call it once.
    func stop() {
        Self.stop(daemons: daemons, contexts: contexts)
    }

    private static func stop(daemons: [OpaquePointer], contexts: [Unmanaged<WorkerContext>]) {
        for daemon in daemons { MHD_stop_daemon(daemon) }
        for context in contexts { context.release() }  // Retained in init; no worker thread runs any more.
    }

    private static func startDaemon(
        configuration: MHDServerConfiguration, context: Unmanaged<WorkerContext>
    ) -> OpaquePointer? {
        // MHD_USE_ITC lets `MHD_add_connection` wake the worker it hands a connection to. The
        // connection limits are the acceptor's (`ConnectionGuard.admit`), for the whole server;
        // each daemon's own cap is only set as high.
        let flags =
            MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
        let pointer = context.toOpaque()
        return SignalMask.blockingTermination {
            cmhd_start_daemon(
                UInt32(flags),
                handleAccess,
                pointer,
                requestCompleted,
                pointer,
                logURI,
                pointer,
                UInt32(configuration.connectionTimeoutSeconds),
                configuration.headerMemoryLimit,
                UInt32(configuration.connectionLimit + configuration.overflowConnections),
                connectionNotified,
                pointer
            )
        }
    }
}
