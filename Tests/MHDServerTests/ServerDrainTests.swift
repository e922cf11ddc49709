import Concurrency
import Foundation
import Testing

@testable import MHDServer

/// `drain` stops listening at once but answers the request in flight, then stops.
@Suite struct ServerDrainTests {
    @Test func drainingRefusesNewConnectionsAndFinishesTheRequestInFlight() throws {
        let live = try LiveServer()
        let port = live.port
        let connection = try live.connect()
        try connection.send("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 11\r\n\r\nhello")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(live.server.openConnections == 1)
        let finished = Locked<Bool?>(nil)
        let server = live.server
        let drainer = Thread {
            let result = server.drain(timeout: .seconds(10))
            finished.withLock { $0 = result }
        }
        drainer.start()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        #expect(finished.withLock { $0 } == nil, "the drain must wait for the request in flight")
        try connection.send(" world")
        let reply = try connection.readReply()
        #expect(reply.status == 200)
        #expect(reply.text == "hello world")
        #expect(reply.headers["Connection"]?.lowercased() == "close")
        var waited = 0
        while finished.withLock({ $0 }) == nil && waited < 100 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        #expect(finished.withLock { $0 } == true)
        #expect(live.server.port == nil)
    }

    @Test func drainingAnIdleServerStopsAtOnce() throws {
        let live = try LiveServer()
        let started = ContinuousClock.now
        #expect(live.server.drain(timeout: .seconds(10)))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(live.server.port == nil)
    }
}
