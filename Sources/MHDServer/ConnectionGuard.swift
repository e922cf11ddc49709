import CMicroHTTPD
import Concurrency
import Foundation
import HTTPKit
import Synchronization

/// What libmicrohttpd lacks against misbehaving clients, kept small: a deadline for the request
/// head and one for the whole request, body included; a count of open connections so that,
/// past the cap, requests are answered 503 instead of the connections being dropped without a
/// word; and the admission of new connections under the hard cap and the per-client limit,
/// each refusal answered 503 with `Retry-After` too (`RefusedConnections`). The server runs one
/// daemon per worker (`WorkerPool`), so libmicrohttpd's own per-address and total limits would
/// count per worker: the acceptor asks `admit` instead, for the whole server.
///
/// (libmicrohttpd's own options do the rest: `MHD_OPTION_CONNECTION_TIMEOUT` for idle
/// connections, `MHD_OPTION_CONNECTION_MEMORY_LIMIT` for the header size.)
///
/// The idle timeout alone does not stop a client that sends one byte every few seconds: it is
/// never idle for long, yet never finishes. Every connection is armed when it opens and again
/// when a request on it completes (keep-alive): its head is due within `headDeadline`, and once
/// the head is in, the whole request within `requestDeadline` of the same moment; it is
/// disarmed when its answer starts (`OpenConnection`). A watchdog thread shuts down the socket
/// of any connection late on either, telling a client whose head arrived 408 first, and
/// libmicrohttpd then closes it as it would any connection the client dropped. The socket is
/// shut down under the lock of `table`, and a closed connection leaves the table under the same
/// lock before libmicrohttpd closes its descriptor, so the watchdog never touches a reused
/// descriptor.
///
/// Why a whole-request deadline and not a minimum body rate: it bounds what one connection
/// costs outright (a socket and at most the body limit, for at most the deadline), it is one
/// number to explain, and the default (30 s for at most 1 MiB) still lets a 35 KB/s upload
/// through; a client that keeps just above a minimum rate would hold its connection as long as
/// it liked. What the slow bodies hold at once is bounded by the `BodyBudget`.
///
/// Per request only the connection's own `OpenConnection` (found through libmicrohttpd's socket
/// context) and the open count are touched, both atomics: the table and its lock are for opening
/// and closing connections and for the watchdog, so the worker threads never wait on each other
/// here for every request.
final class ConnectionGuard: Sendable {
    /// Nanoseconds a client has to send a whole request head.
    let headDeadline: Int64
    /// Nanoseconds a client has to send a whole request, counted from when the server began
    /// waiting for its head.
    let requestDeadline: Int64
    /// Open connections above which requests are answered 503.
    let capacity: Int
    /// Open connections past which new ones are refused at once.
    let hardCap: Int
    /// Connections one client address may hold open at once.
    let perClientLimit: Int
    /// Client addresses exempt from `perClientLimit` (a reverse proxy), in canonical form.
    let trustedPeers: Set<String>
    /// Connections refused at accept, each answered 503 before it is closed.
    let refusals: RefusedConnections

    /// The connections and whether the watchdog runs, behind one lock.
    private struct Table {
        /// Every open connection, by libmicrohttpd's connection address.
        var open: [UInt: OpenConnection] = [:]
        /// The client address of every admitted connection not yet closed, by socket.
        var admitted: [Int32: String] = [:]
        /// How many of `admitted` each client address holds.
        var perClient: [String: Int] = [:]
        /// False once `stop()` was called.
        var running = true
    }

    private let table = Locked(Table())
    private let openCount = Atomic<Int>(0)
    private let stopped = DispatchSemaphore(value: 0)

    /// A guard; call `startWatchdog()` once the daemon runs and `stop()` after it stopped.
    /// Deadlines are in seconds; `trustedPeers` are numeric addresses in any spelling.
    init(
        headDeadline: TimeInterval, requestDeadline: TimeInterval, capacity: Int, hardCap: Int,
        perClientLimit: Int, trustedPeers: Set<String> = []
    ) {
        self.headDeadline = Int64(headDeadline * 1_000_000_000)
        self.requestDeadline = Int64(requestDeadline * 1_000_000_000)
        self.capacity = capacity
        self.hardCap = hardCap
        self.perClientLimit = perClientLimit
        self.trustedPeers = Set(trustedPeers.map { SocketAddress.canonical($0) ?? $0 })
        // Refused sockets linger two seconds at most: room for a burst as large as the cap.
        self.refusals = RefusedConnections(answering: Self.overCapacity, capacity: max(64, hardCap))
    }

    /// The answer past the cap: the client should come back shortly.
    static let overCapacity = HTTPError(
        .overCapacity, message: "The server has too many open connections; try again in a moment.",
        headers: ["Retry-After": "1", "Connection": "close"])

    /// What a client whose request came too late is told before its socket is shut down.
    static let lateAnswer = RefusedConnections.serialized(
        Response(
            plainTextError: HTTPError(
                .requestTimeout, message: "The request took too long to arrive.",
                headers: ["Connection": "close"])))

    /// Whether a connection just accepted on `socket` from `clientAddress` may be served: not
    /// when the server holds `hardCap` connections, or the client `perClientLimit` (unless it is
    /// a trusted peer). An admitted connection counts as open until `connectionClosed`, or
    /// `release` if libmicrohttpd never took it; a refused one goes to `refuse`.
    func admit(socket: Int32, clientAddress: String) -> Bool {
        table.withLock { table in
            // An entry still under this descriptor is stale: the kernel gives a number again only
            // once it is closed, so libmicrohttpd closed that connection without reporting it (it
            // fails to set one up in its worker thread only when out of memory).
            release(socket: socket, in: &table)
            let held = table.perClient[clientAddress, default: 0]
            guard table.admitted.count < hardCap,
                held < perClientLimit || trustedPeers.contains(clientAddress)
            else { return false }
            table.admitted[socket] = clientAddress
            table.perClient[clientAddress] = held + 1
            openCount.add(1, ordering: .relaxed)
            return true
        }
    }

    /// Answers a connection `admit` refused with 503 and `Retry-After`, then closes it.
    func refuse(socket: Int32) {
        refusals.refuse(socket, now: Self.monotonicNanoseconds())
    }

    /// An admitted connection that libmicrohttpd refused (and closed) no longer counts.
    func release(socket: Int32) {
        table.withLock { release(socket: socket, in: &$0) }
    }

    /// A connection opened: its head is due within the deadline. The answer is what the
    /// per-request calls take (the trampolines keep it in the connection's socket context).
    func connectionStarted(_ connection: OpaquePointer) -> OpenConnection {
        let socket = cmhd_connection_fd(connection)
        let now = Self.monotonicNanoseconds()
        return table.withLock { table in
            // The address the acceptor read; empty (then looked up per request) only for a
            // connection it never admitted, which there is not.
            let entry = OpenConnection(socket: socket, remoteAddress: table.admitted[socket] ?? "")
            entry.awaitRequest(now: now, headDeadline: headDeadline)
            table.open[Self.key(connection)] = entry
            return entry
        }
    }

    /// What a request whose head just arrived gets.
    enum HeadVerdict: Equatable {
        /// Read on: the rest of the request is due within the request deadline.
        case proceed
        /// The server is over capacity: answer 503.
        case overCapacity
        /// The watchdog cut the request already: close, do not answer.
        case cut
    }

    /// A request head arrived on `entry`'s connection.
    func headReceived(_ entry: OpenConnection) -> HeadVerdict {
        guard entry.claimHead(headDeadline: headDeadline, requestDeadline: requestDeadline) else {
            return .cut
        }
        return openCount.load(ordering: .relaxed) > capacity ? .overCapacity : .proceed
    }

    /// A request ended; the next head on a kept-alive connection is due within the deadline.
    func requestCompleted(_ entry: OpenConnection) {
        entry.awaitRequest(now: Self.monotonicNanoseconds(), headDeadline: headDeadline)
    }

    /// A connection closed; it leaves the table and the admitted ones before its descriptor is
    /// closed (and so before the acceptor can be given the same descriptor number again).
    func connectionClosed(_ connection: OpaquePointer) {
        table.withLock { table in
            guard let entry = table.open.removeValue(forKey: Self.key(connection)) else { return }
            release(socket: entry.socket, in: &table)
        }
    }

    /// Forgets the admitted connection on `socket`; call inside `table.withLock`.
    private func release(socket: Int32, in table: inout Table) {
        guard let address = table.admitted.removeValue(forKey: socket) else { return }
        let held = table.perClient[address, default: 1] - 1
        table.perClient[address] = held > 0 ? held : nil
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
                let now = Self.monotonicNanoseconds()
                shutDownLateConnections(now: now)
                refusals.sweep(now: now)
            }
            stopped.signal()
        }
        thread.name = "pushboard-deadlines"
        thread.start()
    }

    /// Stops the watchdog and waits for it, then closes the refused sockets still lingering;
    /// call after `MHD_stop_daemon`.
    func stop() {
        let wasRunning = table.withLock { table in
            defer { table.running = false }
            return table.running
        }
        if wasRunning { stopped.wait() }
        refusals.closeAll()
    }

    private var isStopping: Bool {
        table.withLock { !$0.running }
    }

    private func shutDownLateConnections(now: Int64) {
        table.withLock { table in
            for entry in table.open.values {
                // Claimed first, so a late request is cut once and never answered as well.
                guard let cut = entry.claimCut(now: now), entry.socket >= 0 else { continue }
                if cut == .body {
                    _ = Self.lateAnswer.withUnsafeBytes {
                        send(entry.socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                    }
                }
                shutdown(entry.socket, Int32(SHUT_RDWR))
            }
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    /// `CLOCK_MONOTONIC` in nanoseconds (never 0 or negative on a running system, so those can
    /// mean "not due" and "cut").
    static func monotonicNanoseconds() -> Int64 {
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
