import CMicroHTTPD
import Concurrency
import Foundation
import HTTPKit

/// Connections refused at accept (past the per-address or the total cap), each still told why:
/// a 503 with `Retry-After` written at once, then a lingering close.
///
/// Closing such a connection without a word reads as a network fault to the client (a reset),
/// and a proxy that opens many connections from one address sees a flood of errors instead of
/// a reason to slow down (issue 23). libmicrohttpd's accept policy could only refuse, which
/// closes; but the server accepts connections itself (`ConnectionAcceptor`), so it answers
/// directly, without giving the connection to a worker: the answer is a few hundred bytes
/// into an empty send buffer, so a non-blocking write takes it whole.
///
/// The answer goes out before the request has arrived, which HTTP allows. Closing right after
/// would make the kernel reset the connection as soon as the request arrives unread, and a
/// reset can destroy the answer before the client reads it; so the socket's sending side is
/// shut (the client sees the answer, then the end), and the watchdog reads and drops what the
/// client still sends until it closes or `lingerNanoseconds` pass. At most `capacity` sockets
/// linger at once, so refusals cannot pile up descriptors; past that one is closed at once.
final class RefusedConnections: Sendable {
    /// Sockets lingering at most; past it a refused connection is closed without an answer.
    let capacity: Int
    /// How long a refused socket lingers at most before it is closed.
    let lingerNanoseconds: Int64
    /// The whole answer, written once per refused connection.
    let answer: [UInt8]

    /// Lingering sockets and when each is closed at the latest.
    private let lingering = Locked<[(socket: Int32, closeAt: Int64)]>([])

    /// Refusals answered with `error` (its headers included), lingering at most `capacity`
    /// sockets for `lingerSeconds` each.
    init(answering error: HTTPError, capacity: Int, lingerSeconds: Double = 2) {
        self.capacity = capacity
        self.lingerNanoseconds = Int64(lingerSeconds * 1_000_000_000)
        self.answer = Self.serialized(Response(plainTextError: error))
    }

    /// How many refused sockets are lingering now; for tests.
    var lingeringCount: Int {
        lingering.withLock { $0.count }
    }

    /// Answers a connection just accepted on `socket` and starts its lingering close; the
    /// socket is this object's from now on.
    func refuse(_ socket: Int32, now: Int64) {
        let written = answer.withUnsafeBytes {
            send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        }
        let queued = lingering.withLock { sockets in
            guard written == answer.count, sockets.count < capacity else { return false }
            shutdown(socket, Int32(SHUT_WR))
            sockets.append((socket, now + lingerNanoseconds))
            return true
        }
        if !queued { close(socket) }
    }

    /// Drops what each lingering client sent and closes the sockets whose client closed, failed
    /// or lingered long enough. The watchdog calls it four times a second.
    func sweep(now: Int64) {
        lingering.withLock { sockets in
            sockets.removeAll { entry in
                guard now >= entry.closeAt || Self.clientIsDone(entry.socket) else { return false }
                close(entry.socket)
                return true
            }
        }
    }

    /// Closes every lingering socket (the server stops).
    func closeAll() {
        lingering.withLock { sockets in
            for entry in sockets { close(entry.socket) }
            sockets = []
        }
    }

    /// Reads and drops what arrived (at most 64 KiB a sweep, so a client streaming bytes
    /// cannot hold the watchdog); true when the client closed or the socket failed.
    private static func clientIsDone(_ socket: Int32) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            for _ in 0..<16 {
                let count = recv(socket, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 { continue }
                return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            }
            return false
        }
    }

    /// A response as HTTP/1.1 bytes: the status line, the headers with `Content-Length`, the body.
    static func serialized(_ response: Response) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n"
        for field in response.headers where !field.isNamed("Content-Length") {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\n\r\n"
        return Array(head.utf8) + response.body
    }
}
