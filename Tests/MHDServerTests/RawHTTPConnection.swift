import Foundation
import HTTPKit

/// A plain-socket HTTP/1.1 client for live tests: it sends exactly the bytes given (so nothing
/// normalises a `..` in the path) and parses responses by hand.
final class RawHTTPConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(host: String = "127.0.0.1", port: Int) throws {
        let isIPv6 = host.contains(":")
        descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "connect to \(host) port \(port) failed: errno \(errno)")
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += written
        }
    }

    /// Reads one response; `head` says the request was HEAD, so no body follows the headers.
    func readReply(head: Bool = false) throws -> Reply {
        var end: Int?
        while end == nil {
            end = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4] == [13, 10, 13, 10] }
            if end == nil { try fill() }
        }
        let headerEnd = end! + 4
        let lines = String(decoding: buffer[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(headerEnd)
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        let length = head || status == 304 || status == 204 ? 0 : Int(headers["Content-Length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Reply(status: status, headers: headers, body: body)
    }

    /// Sends a whole request and reads its reply.
    func exchange(_ request: String, head: Bool = false) throws -> Reply {
        try send(request)
        return try readReply(head: head)
    }

    /// Whether the server closed the connection (a read returns end of file) within the timeout.
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 0
    }

    /// Bytes already received but not yet parsed, plus whatever arrives within `milliseconds`.
    func pendingBytes(waiting milliseconds: Int32) -> [UInt8] {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, milliseconds) > 0 { try? fill() }
        return buffer
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { throw Failure(description: "connection closed or timed out (\(count))") }
        buffer.append(contentsOf: chunk[..<count])
    }
}
