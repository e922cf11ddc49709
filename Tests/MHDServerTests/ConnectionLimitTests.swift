import Foundation
import HTTPKit
import Testing

@testable import MHDServer

/// The server under misbehaving clients: per-address connection limit, whole-head deadline,
/// 503 past the connection cap, header size limit. Every connection is to 127.0.0.0/8.
@Suite(.serialized) struct ConnectionLimitTests {
    struct Answer: Responder {
        func respond(to request: Request) -> Response { Response(text: "ok") }
    }

    static func server(_ configure: (inout MHDServerConfiguration) -> Void) throws -> MHDServer {
        var configuration = MHDServerConfiguration(host: "127.0.0.1", port: 0, threadPoolSize: 2)
        configure(&configuration)
        let server = MHDServer(configuration: configuration, responder: Answer())
        try server.start()
        return server
    }

    @Test func oneAddressCannotHoldMoreThanItsShare() throws {
        let server = try Self.server { $0.perClientConnectionLimit = 3 }
        defer { server.stop() }
        let port = server.port ?? 0
        let held = try (0..<3).map { _ in try SourceSocket(from: "127.0.0.2", port: port) }
        usleep(200_000)
        let extra = try SourceSocket(from: "127.0.0.2", port: port)
        #expect(extra.isClosedByServer(within: 2000), "the fourth connection from 127.0.0.2 was kept")
        let other = try SourceSocket(from: "127.0.0.1", port: port)
        #expect(try other.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n").hasPrefix("HTTP/1.1 200"))
        withExtendedLifetime(held) {}
    }

    @Test func aHeadTrickledByteByByteIsCutAtTheDeadline() throws {
        let server = try Self.server {
            $0.headDeadlineSeconds = 1
            $0.connectionTimeoutSeconds = 30
        }
        defer { server.stop() }
        let slow = try SourceSocket(from: "127.0.0.1", port: server.port ?? 0)
        let start = Date()
        try slow.send("GET / HTTP/1.1\r\n")
        var closed = false
        for index in 0..<20 where !closed {
            usleep(200_000)
            closed = (try? slow.send("X-\(index): a\r\n")) == nil || slow.isClosedByServer(within: 0)
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(closed, "a client trickling its head was never cut off")
        #expect(elapsed < 3, "cut after \(elapsed) s, deadline 1 s")
        let quick = try SourceSocket(from: "127.0.0.1", port: server.port ?? 0)
        #expect(try quick.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n").hasPrefix("HTTP/1.1 200"))
    }

    @Test func pastTheCapRequestsAreAnswered503AndPastTheOverflowClosed() throws {
        let server = try Self.server {
            $0.connectionLimit = 2
            $0.overflowConnections = 8
        }
        defer { server.stop() }
        let port = server.port ?? 0
        let held = try (0..<3).map { _ in try SourceSocket(from: "127.0.0.3", port: port) }
        usleep(200_000)
        let late = try SourceSocket(from: "127.0.0.1", port: port)
        let answer = try late.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 503"), "got \(answer.prefix(40))")
        #expect(answer.contains("Retry-After: 1"))
        // Past the overflow too (10 here, counted over both workers, 5 each), a new connection is
        // closed at once. The 503 closed `late`: 3 held plus 7 more fill the 10.
        let more = try (0..<7).map { _ in try SourceSocket(from: "127.0.0.3", port: port) }
        usleep(200_000)
        let extra = try SourceSocket(from: "127.0.0.6", port: port)
        #expect(extra.isClosedByServer(within: 2000), "an eleventh connection was kept past a cap of 10")
        withExtendedLifetime(held) {}
        withExtendedLifetime(more) {}
    }

    @Test func anOversizedHeadIsRefused() throws {
        let server = try Self.server { $0.headerMemoryLimit = 8192 }
        defer { server.stop() }
        let client = try SourceSocket(from: "127.0.0.1", port: server.port ?? 0)
        let big = String(repeating: "a", count: 16_000)
        let answer = try client.exchange("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(big)\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 431"), "got \(answer.prefix(40))")
    }

    @Test func aBodyOverTheLimitIs413BeforeItIsRead() throws {
        let server = try Self.server { $0.bodyLimit = 1000 }
        defer { server.stop() }
        let client = try SourceSocket(from: "127.0.0.1", port: server.port ?? 0)
        let answer = try client.exchange("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 413"), "got \(answer.prefix(40))")
    }
}

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
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, received.isEmpty ? 5000 : 200) > 0 else { break }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the server closed (or reset) the connection within `milliseconds`.
    func isClosedByServer(within milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
    }
}
