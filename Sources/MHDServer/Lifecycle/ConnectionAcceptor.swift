import CMicroHTTPD
import Foundation
import Synchronization

/// The server's listening socket and the one thread that accepts on it, admitting every new
/// connection under the server's limits (`ConnectionGuard.admit`) and handing it to a worker
/// (`WorkerPool.hand`), which chooses one not busy.
///
/// Why the server accepts itself: when libmicrohttpd listens with a thread pool, every worker
/// waits on the one listening socket and the first one awake accepts a series of connections,
/// so a client pool that opens its connections at once can land on one worker while the others
/// idle. Measured with `wrk -c32` against two workers (`bench/worker-spread.sh`): in 4 of 20
/// one-second runs, one worker did 90 % or more of the work, answering nearly alone at about
/// half the throughput. Handed over in turn: 0 of 20 such runs.
///
/// A connection over a limit is answered 503 with `Retry-After` at once and closed
/// (`RefusedConnections`), without reaching a worker.
final class ConnectionAcceptor: Sendable {
    /// The listening socket.
    let descriptor: Int32
    /// The port it is bound to (the kernel's choice when 0 was asked for).
    let port: Int
    private let finished = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    /// Binds and listens on `address`; `host` and `port` only word the error.
    init(address: SocketAddress, host: String, port: Int) throws(MHDServerError) {
        func failure() -> MHDServerError {
            .startFailed("Could not listen on \(host) port \(port): \(String(cString: strerror(errno))).")
        }
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure() }
        var on: Int32 = 1
        // As libmicrohttpd sets them: a restarted server can bind while old connections linger in
        // TIME_WAIT, and an IPv6 address means IPv6 only.
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if address.isIPv6 {
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = address.withSockaddrPointer { bind(descriptor, $0, address.length) }
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else {
            let error = failure()
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.port = Self.boundPort(of: descriptor)
    }

    /// Starts the accepting thread. Call it inside `SignalMask.blockingTermination`, so the
    /// thread never takes SIGINT or SIGTERM.
    func start(handingTo pool: WorkerPool, admittingWith connections: ConnectionGuard) {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        let thread = Thread { [self] in
            acceptUntilShutDown(handingTo: pool, admittingWith: connections)
            finished.signal()
        }
        thread.name = "pushboard-accept"
        thread.start()
    }

    /// Stops accepting (new connections are refused from now on), waits for the thread and
    /// closes the socket. Calling it again does nothing.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        // A blocked `accept` returns EINVAL once its listening socket is shut down.
        shutdown(descriptor, Int32(SHUT_RDWR))
        if started.load(ordering: .relaxed) { finished.wait() }
        close(descriptor)
    }

    private func acceptUntilShutDown(handingTo pool: WorkerPool, admittingWith connections: ConnectionGuard) {
        while true {
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    cmhd_accept(descriptor, $0, &length)
                }
            }
            if client >= 0 {
                withUnsafePointer(to: &peer) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                        guard connections.admit(socket: client, clientAddress: Self.numericHost(address))
                        else {
                            connections.refuse(socket: client)
                            return
                        }
                        // libmicrohttpd closes a connection it does not take.
                        if !pool.hand(client, peer: address, length: length) {
                            connections.release(socket: client)
                        }
                    }
                }
                continue
            }
            switch errno {
            case EINVAL, EBADF, ENOTSOCK:
                return  // The socket no longer listens: `stop()` shut it down.
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                // Out of descriptors or memory: wait for connections to close instead of spinning.
                usleep(10_000)
            default:
                // EINTR, ECONNABORTED, and the errors Linux passes on from the new connection
                // (EPROTO, ENETDOWN, EHOSTUNREACH, …): that one failed; the next may not.
                continue
            }
        }
    }

    /// The numeric host of a peer (`127.0.0.1`, `::1`), as the access log and the per-client
    /// limit know the client; empty if it has none.
    private static func numericHost(_ address: UnsafePointer<sockaddr>) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String in
            guard let base = buffer.baseAddress, cmhd_numeric_host(address, base, buffer.count) == 0 else {
                return ""
            }
            return String(cString: base)
        }
    }

    private static func boundPort(of descriptor: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return 0 }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            }
        }
    }
}
