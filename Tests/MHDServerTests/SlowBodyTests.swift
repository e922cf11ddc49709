import Foundation
import HTTPKit
import Testing

@testable import MHDServer

/// Request bodies under the server's deadline and budget (issue 23): a body trickled too slowly is
/// cut with 408, and bodies that do not fit the budget are refused with 503. Every connection is
/// to 127.0.0.0/8.
@Suite(.serialized) struct SlowBodyTests {
    @Test func aBodyTrickledPastTheRequestDeadlineIsAnswered408AndClosed() throws {
        let server = try ConnectionLimitTests.server {
            $0.headDeadlineSeconds = 1
            $0.requestDeadlineSeconds = 1.5
            $0.connectionTimeoutSeconds = 30
        }
        defer { server.stop() }
        let slow = try SourceSocket(from: "127.0.0.1", port: server.port ?? 0)
        try slow.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
        var answer = ""
        for _ in 0..<25 where answer.isEmpty {
            try? slow.send("a")
            answer = slow.receive(within: 200)
        }
        #expect(answer.hasPrefix("HTTP/1.1 408"), "a client trickling its body got \(answer.prefix(40))")
        #expect(slow.isClosedByServer(within: 2000))
    }

    /// With a budget of 1 000 bytes: a body announced larger than the room left is refused before
    /// it is read, one whose bytes stop fitting is refused at once, and a finished or refused
    /// body gives its bytes back.
    @Test func bodiesOverTheBudgetAre503WithRetryAfter() throws {
        let server = try ConnectionLimitTests.server {
            $0.bodyLimit = 1000
            $0.bodyBudget = 1000
        }
        defer { server.stop() }
        let port = server.port ?? 0
        func post(_ length: Int, sending count: Int) throws -> SourceSocket {
            let client = try SourceSocket(from: "127.0.0.1", port: port)
            try client.send(
                "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n"
                    + String(repeating: "a", count: count))
            usleep(200_000)
            return client
        }
        let first = try post(600, sending: 500)
        let announced = try post(600, sending: 0).receive(within: 2000)
        #expect(announced.isComeBackLater, "a body larger than the room left got \(announced.prefix(40))")
        let second = try post(500, sending: 450)
        let overflowing = try first.exchange(String(repeating: "a", count: 100))
        #expect(overflowing.isComeBackLater, "a body that stopped fitting got \(overflowing.prefix(40))")
        let finished = try second.exchange(String(repeating: "a", count: 50))
        #expect(finished.hasPrefix("HTTP/1.1 200"), "the budget was not given back: \(finished.prefix(40))")
    }
}
