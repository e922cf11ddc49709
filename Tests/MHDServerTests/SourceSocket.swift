import Foundation

/// A TCP connection from a chosen loopback source address (127.0.0.2 looks like another
/// client to the server), with just enough HTTP for these tests.
final class SourceSocket {
    struct Failure: Error {
        let message: String
    }

    let descriptor: Int32

    init(from source: String, port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(message: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 else {
            Glibc.close(descriptor)
            throw Failure(message: "bind/connect from \(source): errno \(errno)")
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes {
            Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard written == bytes.count else { throw Failure(message: "send: errno \(errno)") }
    }

    /// Sends a request and answers everything received until the server pauses or closes.
    func exchange(_ request: String) throws -> String {
        try send(request)
        return receive(within: 5000)
    }

    /// What arrives within `milliseconds` (until the server pauses or closes), as text.
    func receive(within milliseconds: Int32) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, received.isEmpty ? milliseconds : 200) > 0 else { break }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the server closed (or reset) the connection within `milliseconds`, after sending
    /// an answer starting with `answered` (nil: after sending nothing).
    func isClosedByServer(within milliseconds: Int32, answered: String? = nil) -> Bool {
        if let answered {
            guard receive(within: milliseconds).hasPrefix(answered) else { return false }
        }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
    }
}

extension String {
    /// Whether this answer is the 503 every cap gives, telling the client to come back in a second.
    var isComeBackLater: Bool {
        hasPrefix("HTTP/1.1 503") && contains("Retry-After: 1")
    }
}
