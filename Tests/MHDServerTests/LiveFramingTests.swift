import Foundation
import HTTPKit
import Testing

@testable import MHDServer

/// What libmicrohttpd lets through, checked on a real socket: each ambiguous head is answered
/// once and the connection closed, so nothing after it runs as a second request.
@Suite struct LiveFramingTests {
    /// The smuggling case of issue 12: a space before the colon made the body a second request.
    @Test func spaceBeforeTheColonCannotSmuggleASecondRequest() throws {
        let live = try LiveServer()
        let smuggled = "DELETE /echo HTTP/1.1\r\nHost: t\r\n\r\n"
        let connection = try live.connect()
        try connection.send(
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length : \(smuggled.utf8.count)\r\n\r\n" + smuggled)
        let reply = try connection.readReply()
        #expect(reply.status == 400)
        #expect(reply.text.contains("request.header-name"))
        #expect(reply.headers["Connection"]?.lowercased() == "close")
        // Had the smuggled DELETE run, a second status line (405 for DELETE /echo) would follow.
        #expect(connection.isClosedByServer())
        #expect(live.deletesSeen() == 0)
    }

    static let ambiguous: [(String, Int)] = [
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 7\r\n\r\nab", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\nab", 400),
        ("GET /healthz HTTP/1.1\r\nHost: t\r\nHost: evil\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\nab", 501),
    ]

    @Test(arguments: ambiguous)
    func ambiguousFramingIsAnsweredAtOnceAndClosed(request: String, status: Int) throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let started = ContinuousClock.now
        let reply = try connection.exchange(request)
        #expect(reply.status == status)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(connection.isClosedByServer())
    }

    /// libmicrohttpd 0.9.75 hands the handler `ab` for `X-Test: ab\0cd`; the server refuses the head
    /// instead of routing a value that is not what was sent.
    static let nulHeads: [String] = [
        "GET /info/x HTTP/1.1\r\nHost: t\r\nX-Test: ab\0cd\r\nAccept: */*\r\n\r\n",
        "GET /info/x HTTP/1.1\r\nHost: t\r\nX-Test: ab\0cd\r\n\r\n",
        "GET /info/x HTTP/1.1\r\nHost: t\r\nX-Test: ab\r\n  folded\r\n\r\n",
        "GET /info/x HTTP/1.1\r\nHost: t\r\nX-Pad: \(String(repeating: "p", count: 20_000))\r\n"
            + "X-Test: ab\0cd\r\n\r\n",
    ]

    @Test(arguments: nulHeads)
    func aHeaderValueCutAtANULIsRefusedWith400(request: String) throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let reply = try connection.exchange(request)
        #expect(reply.status == 400)
        #expect(reply.text.contains("request.header-value"))
        #expect(connection.isClosedByServer())
    }

    /// The scan leaves sound heads alone: a long one (libmicrohttpd grows its read buffer), bare LF
    /// line ends, trailing spaces and an empty value.
    @Test func soundHeadsAroundTheScanAreServed() throws {
        let live = try LiveServer()
        let heads = [
            "GET /info/x HTTP/1.1\r\nHost: t\r\nX-Pad: \(String(repeating: "p", count: 20_000))\r\n"
                + "X-Test: ab cd\r\n\r\n",
            "GET /info/x HTTP/1.1\nHost: t\nX-Test: ab cd\n\n",
            "GET /info/x HTTP/1.1\r\nHost: t\r\nX-Empty:\r\nX-Test: ab cd  \r\n\r\n",
        ]
        for head in heads {
            let reply = try live.connect().exchange(head)
            #expect(reply.status == 200)
            #expect(reply.text.contains("header=ab cd"))
        }
    }
}
