import CMicroHTTPD
import Foundation
import HTTPKit

/// What libmicrohttpd lacks against misbehaving clients, kept small: a deadline for the whole
/// request head, and a count of open connections so that, past the cap, requests are answered
/// 503 instead of the connections being dropped without a word.
///
/// (libmicrohttpd's own options do the rest: `MHD_OPTION_PER_IP_CONNECTION_LIMIT`,
/// `MHD_OPTION_CONNECTION_LIMIT` as the hard cap, `MHD_OPTION_CONNECTION_TIMEOUT` for idle
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
/// `@unchecked Sendable`: `open` and `running` are touched only while holding `lock` (an
/// `NSLock`, which ThreadSanitizer understands).
final class ConnectionGuard: @unchecked Sendable {
    /// Seconds a client has to send a whole request head.
    let headDeadline: TimeInterval
    /// Open connections above which requests are answered 503.
    let capacity: Int

    private struct Entry {
        let socket: Int32
        var armedAt: Date?
    }

    private let lock = NSLock()
    private var open: [UInt: Entry] = [:]
    private var running = true
    private let stopped = DispatchSemaphore(value: 0)

    /// A guard; call `startWatchdog()` once the daemon runs and `stop()` after it stopped.
    init(headDeadline: TimeInterval, capacity: Int) {
        self.headDeadline = headDeadline
        self.capacity = capacity
    }

    /// The answer past the cap: the client should come back shortly.
    static let overCapacity = HTTPError(
        .serviceUnavailable, message: "The server has too many open connections; try again in a moment.",
        code: "over-capacity", headers: ["Retry-After": "1", "Connection": "close"])

    /// A connection opened: its head is due within the deadline.
    func connectionStarted(_ connection: OpaquePointer) {
        let socket = cmhd_connection_fd(connection)
        withLock { $0[Self.key(connection)] = Entry(socket: socket, armedAt: Date()) }
    }

    /// A request head arrived; answers whether the server is over capacity (then answer 503).
    func headReceived(_ connection: OpaquePointer) -> Bool {
        withLock { open in
            open[Self.key(connection)]?.armedAt = nil
            return open.count > capacity
        }
    }

    /// A request ended; the next head on a kept-alive connection is due within the deadline.
    func requestCompleted(_ connection: OpaquePointer) {
        withLock { $0[Self.key(connection)]?.armedAt = Date() }
    }

    /// A connection closed; it leaves the table before its descriptor is closed.
    func connectionClosed(_ connection: OpaquePointer) {
        _ = withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// How many connections are open now.
    var openConnections: Int {
        withLock { $0.count }
    }

    /// Starts the watchdog thread, which checks four times a second.
    func startWatchdog() {
        let thread = Thread { [self] in
            while !isStopping {
                Thread.sleep(forTimeInterval: 0.25)
                shutDownLateConnections(now: Date())
            }
            stopped.signal()
        }
        thread.name = "pushboard-head-deadline"
        thread.start()
    }

    /// Stops the watchdog and waits for it; call after `MHD_stop_daemon`.
    func stop() {
        let wasRunning = withRunning { running in
            defer { running = false }
            return running
        }
        if wasRunning { stopped.wait() }
    }

    private var isStopping: Bool {
        withRunning { !$0 }
    }

    private func shutDownLateConnections(now: Date) {
        withLock { open in
            for (key, entry) in open {
                guard let armedAt = entry.armedAt, now.timeIntervalSince(armedAt) > headDeadline else {
                    continue
                }
                if entry.socket >= 0 { shutdown(entry.socket, Int32(SHUT_RDWR)) }
                open[key]?.armedAt = nil
            }
        }
    }

    private func withLock<T>(_ body: (inout [UInt: Entry]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&open)
    }

    private func withRunning<T>(_ body: (inout Bool) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&running)
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
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
/// connection. File-scope, like every trampoline (DESIGN rule 2).
func connectionNotified(
    _ serverPointer: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let serverPointer, let connection else { return }
    let connections = Unmanaged<ServerContext>.fromOpaque(serverPointer).takeUnretainedValue().connections
    switch code {
    case .CONNECTION_NOTIFY_STARTED: connections.connectionStarted(connection)
    case .CONNECTION_NOTIFY_CLOSED: connections.connectionClosed(connection)
    default: break
    }
}
