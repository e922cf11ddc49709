import CMicroHTTPD
import Foundation
import HTTPKit
import Synchronization

/// What libmicrohttpd lacks against misbehaving clients, kept small: a deadline for the whole
/// request head; a count of open connections so that, past the cap, requests are answered 503
/// instead of the connections being dropped without a word; and the admission of new
/// connections under the hard cap and the per-client limit. The server runs one daemon per
/// worker (`WorkerPool`), so libmicrohttpd's own per-address and total limits would count per
/// worker: the acceptor asks `admit` instead, for the whole server.
///
/// (libmicrohttpd's own options do the rest: `MHD_OPTION_CONNECTION_TIMEOUT` for idle
/// connections, `MHD_OPTION_CONNECTION_MEMORY_LIMIT` for the header size.)
///
/// The idle timeout alone does not stop a client that sends one header byte every few seconds:
/// it is never idle for long, yet never finishes. Every connection is armed when it opens and
/// again when a request on it completes (keep-alive), disarmed when a head arrives; a watchdog
/// thread shuts down the socket of any connection armed longer than the deadline, and
/// libmicrohttpd then closes it as it would any connection the client dropped. The socket is
/// shut down under `lock`, and a closed connection leaves the table under the same lock before
/// libmicrohttpd closes its descriptor, so the watchdog never touches a reused descriptor.
///
/// Per request only the connection's own `OpenConnection` (found through libmicrohttpd's socket
/// context) and the open count are touched, both atomics: the table and its lock are for opening
/// and closing connections and for the watchdog, so the worker threads never wait on each other
/// here for every request.
///
/// `@unchecked Sendable`: `open`, `admitted`, `perClient` and `running` are touched only while
/// holding `lock` (an `NSLock`, which ThreadSanitizer understands).
final class ConnectionGuard: @unchecked Sendable {
    /// Seconds a client has to send a whole request head.
    let headDeadline: TimeInterval
    /// Open connections above which requests are answered 503.
    let capacity: Int
    /// Open connections past which new ones are closed at once.
    let hardCap: Int
    /// Connections one client address may hold open at once.
    let perClientLimit: Int

    /// One open connection: its socket, its client's address, and since when its head is due.
    final class OpenConnection: Sendable {
        /// The connection's socket, or -1 when libmicrohttpd did not say.
        let socket: Int32
        /// The client's numeric address, read once when the connection opened (every request
        /// on it reports it); empty when libmicrohttpd did not know it.
        let remoteAddress: String
        /// `monotonicNanoseconds()` when it was armed; 0 while it is not (a head arrived).
        let armedAt: Atomic<Int64>

        init(socket: Int32, remoteAddress: String, armedAt: Int64) {
            self.socket = socket
            self.remoteAddress = remoteAddress
            self.armedAt = Atomic(armedAt)
        }
    }

    private let lock = NSLock()
    private var open: [UInt: OpenConnection] = [:]
    /// The client address of every admitted connection not yet closed, by socket.
    private var admitted: [Int32: String] = [:]
    /// How many of `admitted` each client address holds.
    private var perClient: [String: Int] = [:]
    private let openCount = Atomic<Int>(0)
    private var running = true
    private let stopped = DispatchSemaphore(value: 0)

    /// A guard; call `startWatchdog()` once the daemon runs and `stop()` after it stopped.
    init(headDeadline: TimeInterval, capacity: Int, hardCap: Int, perClientLimit: Int) {
        self.headDeadline = headDeadline
        self.capacity = capacity
        self.hardCap = hardCap
        self.perClientLimit = perClientLimit
    }

    /// The answer past the cap: the client should come back shortly.
    static let overCapacity = HTTPError(
        .overCapacity, message: "The server has too many open connections; try again in a moment.",
        headers: ["Retry-After": "1", "Connection": "close"])

    /// Whether a connection just accepted on `socket` from `clientAddress` may be served: not
    /// when the server holds `hardCap` connections, or the client `perClientLimit`. An admitted
    /// connection counts as open until `connectionClosed`, or `release` if libmicrohttpd never
    /// took it.
    func admit(socket: Int32, clientAddress: String) -> Bool {
        lock.withLock {
            // An entry still under this descriptor is stale: the kernel gives a number again only
            // once it is closed, so libmicrohttpd closed that connection without reporting it (it
            // fails to set one up in its worker thread only when out of memory).
            releaseLocked(socket: socket)
            let held = perClient[clientAddress, default: 0]
            guard admitted.count < hardCap, held < perClientLimit else { return false }
            admitted[socket] = clientAddress
            perClient[clientAddress] = held + 1
            openCount.add(1, ordering: .relaxed)
            return true
        }
    }

    /// An admitted connection that libmicrohttpd refused (and closed) no longer counts.
    func release(socket: Int32) {
        lock.withLock { releaseLocked(socket: socket) }
    }

    /// A connection opened: its head is due within the deadline. The answer is what the
    /// per-request calls take (the trampolines keep it in the connection's socket context).
    func connectionStarted(_ connection: OpaquePointer) -> OpenConnection {
        let socket = cmhd_connection_fd(connection)
        let armedAt = Self.monotonicNanoseconds()
        return lock.withLock {
            // The address the acceptor read; empty (then looked up per request) only for a
            // connection it never admitted, which there is not.
            let entry = OpenConnection(
                socket: socket, remoteAddress: admitted[socket] ?? "", armedAt: armedAt)
            open[Self.key(connection)] = entry
            return entry
        }
    }

    /// A request head arrived; answers whether the server is over capacity (then answer 503).
    func headReceived(_ entry: OpenConnection) -> Bool {
        entry.armedAt.store(0, ordering: .relaxed)
        return openCount.load(ordering: .relaxed) > capacity
    }

    /// A request ended; the next head on a kept-alive connection is due within the deadline.
    func requestCompleted(_ entry: OpenConnection) {
        entry.armedAt.store(Self.monotonicNanoseconds(), ordering: .relaxed)
    }

    /// A connection closed; it leaves the table and the admitted ones before its descriptor is
    /// closed (and so before the acceptor can be given the same descriptor number again).
    func connectionClosed(_ connection: OpaquePointer) {
        lock.withLock {
            guard let entry = open.removeValue(forKey: Self.key(connection)) else { return }
            releaseLocked(socket: entry.socket)
        }
    }

    private func releaseLocked(socket: Int32) {
        guard let address = admitted.removeValue(forKey: socket) else { return }
        let held = perClient[address, default: 1] - 1
        perClient[address] = held > 0 ? held : nil
        openCount.subtract(1, ordering: .relaxed)
    }

    /// How many connections are open now.
    var openConnections: Int {
        openCount.load(ordering: .relaxed)
    }

    /// Starts the watchdog thread, which checks four times a second.
    func startWatchdog() {
        let thread = Thread { [self] in
            while !isStopping {
                Thread.sleep(forTimeInterval: 0.25)
                shutDownLateConnections(now: Self.monotonicNanoseconds())
            }
            stopped.signal()
        }
        thread.name = "pushboard-head-deadline"
        thread.start()
    }

    /// Stops the watchdog and waits for it; call after `MHD_stop_daemon`.
    func stop() {
        let wasRunning = lock.withLock {
            defer { running = false }
            return running
        }
        if wasRunning { stopped.wait() }
    }

    private var isStopping: Bool {
        lock.withLock { !running }
    }

    private func shutDownLateConnections(now: Int64) {
        let deadline = Int64(headDeadline * 1_000_000_000)
        lock.withLock {
            for entry in open.values {
                let armedAt = entry.armedAt.load(ordering: .relaxed)
                guard armedAt != 0, now - armedAt > deadline else { continue }
                // Disarmed first, so a late connection is shut down once.
                guard
                    entry.armedAt.compareExchange(expected: armedAt, desired: 0, ordering: .relaxed).exchanged
                else { continue }
                if entry.socket >= 0 { shutdown(entry.socket, Int32(SHUT_RDWR)) }
            }
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    /// `CLOCK_MONOTONIC` in nanoseconds (never 0 on a running system, so 0 can mean "not armed").
    private static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Raises this process's open-file limit to at least `count` (up to the hard limit), so the
    /// connection cap, not the descriptor limit, decides when connections are refused.
    static func raiseFileLimit(to count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else {
            return
        }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// libmicrohttpd's connection notification: tells the guard of every opened and closed
/// connection, and keeps the connection's `OpenConnection` in its socket context for the
/// per-request calls. File-scope, like every trampoline (DESIGN rule 2).
func connectionNotified(
    _ workerPointer: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let workerPointer, let connection, let socketContext else { return }
    let worker = Unmanaged<WorkerContext>.fromOpaque(workerPointer).takeUnretainedValue()
    let connections = worker.server.connections
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        let entry = connections.connectionStarted(connection)
        socketContext.pointee = Unmanaged.passRetained(entry).toOpaque()  // Released at CLOSED below.
    case .CONNECTION_NOTIFY_CLOSED:
        connections.connectionClosed(connection)
        if let entry = socketContext.pointee {
            Unmanaged<ConnectionGuard.OpenConnection>.fromOpaque(entry).release()  // Retained at STARTED.
            socketContext.pointee = nil
        }
    default: break
    }
}

/// The guard's entry of `connection`, kept in its socket context since it opened; nil only if
/// libmicrohttpd never reported it open.
func openConnection(_ connection: OpaquePointer) -> ConnectionGuard.OpenConnection? {
    guard let entry = cmhd_connection_socket_context(connection) else { return nil }
    return Unmanaged<ConnectionGuard.OpenConnection>.fromOpaque(entry).takeUnretainedValue()
}
