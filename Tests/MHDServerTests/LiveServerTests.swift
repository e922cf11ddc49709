import Foundation
import HTTPKit
import Synchronization
import Testing

@testable import MHDServer

@Suite struct LiveServerTests {
    @Test func portZeroGetsARealPortThatAnswers() throws {
        let live = try LiveServer()
        #expect(live.port > 0)
        let reply = try live.connect().exchange("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"status":"ok"}"#)
        #expect(reply.headers["Content-Type"] == "application/json")
    }

    @Test func keepAliveServesTwoRequestsOnOneConnection() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let first = try connection.exchange("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        let second = try connection.exchange("GET /info/two HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(first.status == 200)
        #expect(second.status == 200)
        #expect(second.text.contains("name=two"))
        #expect(first.headers["Connection"]?.lowercased() != "close")
    }

    /// The client's address is read once per connection (when it opens) and reported to every
    /// request made on it.
    @Test func everyRequestOnAKeptConnectionKnowsTheClientAddress() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        for name in ["one", "two", "three"] {
            let reply = try connection.exchange("GET /info/\(name) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(reply.text.contains("name=\(name)") && reply.text.contains("remote=127.0.0.1"))
        }
    }

    @Test func headHasTheGetLengthAndNoBody() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let head = try connection.exchange("HEAD /healthz HTTP/1.1\r\nHost: t\r\n\r\n", head: true)
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == "15")
        // Had the server sent a body, the next reply would start with it instead of a status line.
        let next = try connection.exchange("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(next.status == 200)
        #expect(next.text == #"{"status":"ok"}"#)
    }

    @Test func twoMebibytePostIs413WithoutSendingTheBody() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2097152\r\n\r\n")
        let reply = try connection.readReply()
        #expect(reply.status == 413)
        #expect(reply.text == #"{"error":{"code":"request.too-large"}}"#)
        #expect(reply.headers["Connection"]?.lowercased() == "close")
        #expect(live.waitUntilNoRequestIsAlive())
    }

    @Test func expectContinueOverTheLimitGets413Not100() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        try connection.send(
            "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2097152\r\nExpect: 100-continue\r\n\r\n"
        )
        #expect(try connection.readReply().status == 413)
    }

    @Test func chunkedBodyOverTheLimitIs413() throws {
        let live = try LiveServer(bodyLimit: 1000)
        let connection = try live.connect()
        var request = "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        for _ in 0..<3 { request += "258\r\n" + String(repeating: "x", count: 600) + "\r\n" }
        request += "0\r\n\r\n"
        #expect(try connection.exchange(request).status == 413)
        #expect(live.waitUntilNoRequestIsAlive())
    }

    @Test func bodyWithinTheLimitReachesTheHandlerIntact() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n")
        try connection.send(body)
        let reply = try connection.readReply()
        #expect(reply.status == 200)
        #expect(reply.body == body)
    }

    @Test func clientAbortingMidUploadLeavesNothingBehind() throws {
        let live = try LiveServer()
        do {
            let connection = try live.connect()
            try connection.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n")
            try connection.send([UInt8](repeating: 65, count: 5000))
            #expect(connection.pendingBytes(waiting: 100).isEmpty)
        }  // The connection closes here, mid-upload.
        #expect(live.waitUntilNoRequestIsAlive())
        #expect(try live.connect().exchange("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
    }

    @Test func unknownPathIs404() throws {
        let live = try LiveServer()
        let reply = try live.connect().exchange("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(reply.status == 404)
        #expect(reply.text == #"{"error":{"code":"not-found"}}"#)
    }

    @Test func queryHeadersParametersAndAddressReachTheHandler() throws {
        let live = try LiveServer()
        let reply = try live.connect().exchange(
            "GET /info/caf%C3%A9?q=a+b%26c HTTP/1.1\r\nHost: t\r\nX-Test: yes\r\n\r\n"
        )
        #expect(reply.text == "method=GET\nname=café\nq=a b&c\nheader=yes\nremote=127.0.0.1")
    }

    @Test func staticFileThen304() throws {
        let live = try LiveServer()
        let connection = try live.connect()
        let first = try connection.exchange("GET /static/css/app.css HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(first.status == 200)
        #expect(first.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(first.text == "body { color: #222; }\n")
        let etag = try #require(first.headers["ETag"])
        let second = try connection.exchange(
            "GET /static/css/app.css HTTP/1.1\r\nHost: t\r\nIf-None-Match: \(etag)\r\n\r\n"
        )
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.headers["ETag"] == etag)
    }

    @Test(arguments: [
        "/../Package.swift",
        "/%2e%2e/Package.swift",
        "/static/../../Package.swift",
        "/static/..%2f..%2fPackage.swift",
        "/static/%2e%2e%2f%2e%2e%2fPackage.swift",
        "/static/%252e%252e%252fPackage.swift",
        "/static/..\\..\\Package.swift",
        "/static/..%5c..%5cPackage.swift",
        "/static/css%00/../../secret.txt",
        "/static/leak.txt",
        "/static/css/../../secret.txt",
    ])
    func traversalAttemptsAre400Or404(path: String) throws {
        let live = try LiveServer()
        let reply = try live.connect().exchange("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect([400, 404].contains(reply.status))
        #expect(!reply.text.contains("secret"))
        #expect(!reply.text.contains("PackageDescription"))
    }

    @Test func servesOnIPv6Loopback() throws {
        let live = try LiveServer(host: "::1")
        let reply = try live.connect().exchange("GET /info/six HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(reply.status == 200)
        #expect(reply.text.contains("remote=::1"))
    }
}
