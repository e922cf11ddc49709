import Foundation
import HTTPKit
import Testing

@testable import MHDServer

/// The heads libmicrohttpd 0.9.75 served leniently or dropped without a word (issue 23, item 12),
/// each answered 400 and closed on a real socket.
@Suite struct LiveLeniencyTests {
    static let malformed: [(String, String)] = [
        ("GET /info/x HTTP/1.1\r\nHost: t\r\nX\u{0B}Test: a\r\n\r\n", "request.header-name"),
        ("GET /info/x\0y HTTP/1.1\r\nHost: t\r\n\r\n", "request.line"),
        ("GET /info/x?q=a\0b HTTP/1.1\r\nHost: t\r\n\r\n", "request.line"),
        ("GE\0T /info/x HTTP/1.1\r\nHost: t\r\n\r\n", "request.line"),
        ("GET /info/x HTTP/1.1\r\nHost: t\r\nX-Test: a\rb\r\n\r\n", "request.header-value"),
        ("GET /info/x y HTTP/1.1\r\nHost: t\r\n\r\n", "request.line"),
        ("GET  /info/x HTTP/1.1\r\nHost: t\r\n\r\n", "request.line"),
        ("GET /info/x\u{7F} HTTP/1.1\r\nHost: t\r\n\r\n", "request.line"),
        ("GET /info/x HTTP/1.1\r\nHost: 127.0.0.1:80garbage\r\n\r\n", "request.host"),
        ("GET /info/x HTTP/1.1\r\nHost: 127.0.0.1 garbage\r\n\r\n", "request.host"),
        ("GET /info/x HTTP/1.1\r\nHost: localhost/x\r\n\r\n", "request.host"),
        ("GET /info/x HTTP/1.1\r\nHost: [::1]x\r\n\r\n", "request.host"),
        ("GET /info/x HTTP/1.1\r\n\r\n", "request.host"),
    ]

    @Test(arguments: malformed)
    func aMalformedHeadIsAnswered400AndClosed(request: String, code: String) throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let reply = try connection.exchange(request)
        #expect(reply.status == 400)
        #expect(reply.text.contains(code), "\(reply.text)")
        #expect(connection.isClosedByServer())
    }

    /// What the checks must leave alone.
    static let sound: [String] = [
        "GET /info/x?q=a%20b HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n",
        "GET /info/x HTTP/1.1\r\nHost: example.com\r\nX-Test: a\tb\r\n\r\n",
        "GET /info/x HTTP/1.0\r\n\r\n",
        "GET /info/x HTTP/1.1\r\nHost: t:\r\n\r\n",
        "GET /info/%C3%A9 HTTP/1.1\r\nhost: T-1.example_x~\r\n\r\n",
    ]

    @Test(arguments: sound)
    func soundHeadsAreServed(request: String) throws {
        let live = try LiveServer()
        let reply = try live.connect().exchange(request)
        #expect(reply.status == 200, "\(reply.text)")
    }
}
