import Foundation
import HTTPKit
import Testing

@testable import MHDServer

/// Which worker serves a new connection: one that is free, however long others are held inside
/// a handler (as a write waiting for another process's database lock holds one, issue 12), and
/// under limits counted for the whole server, not per worker (the total cap:
/// `ConnectionLimitTests`). Every connection is to 127.0.0.0/8.
@Suite(.serialized) struct WorkerChoiceTests {
    /// Holds every `/hold` request until released; answers anything else at once.
    final class Holding: Responder, Sendable {
        let entered = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)

        func respond(to request: Request) -> Response {
            if request.path == "/hold" {
                entered.signal()
                released.wait()
            }
            return Response(text: "ok")
        }
    }

    static func server(
        _ responder: any Responder, _ configure: (inout MHDServerConfiguration) -> Void = { _ in }
    ) throws -> MHDServer {
        var configuration = MHDServerConfiguration(host: "127.0.0.1", port: 0, threadPoolSize: 4)
        configure(&configuration)
        let server = MHDServer(configuration: configuration, responder: responder)
        try server.start()
        return server
    }

    @Test func newConnectionsAreServedWhileHalfTheWorkersAreHeld() throws {
        let responder = Holding()
        let server = try Self.server(responder)
        defer { server.stop() }
        let port = server.port ?? 0
        let held = try (0..<2).map { _ in try SourceSocket(from: "127.0.0.1", port: port) }
        defer { for _ in held { responder.released.signal() } }
        for socket in held { try socket.send("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n") }
        for _ in held {
            try #require(
                responder.entered.wait(timeout: .now() + 5) == .success, "a held request never arrived")
        }
        // Kept open, so every new connection has a new descriptor number: handed over by number
        // alone, every second one would land on a held worker and wait there.
        var kept: [SourceSocket] = []
        for index in 0..<12 {
            let client = try SourceSocket(from: "127.0.0.1", port: port)
            let answer = try client.exchange("GET /quick HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200"), "connection \(index) waited behind a held worker")
            kept.append(client)
        }
    }

    @Test func aClientsClosedConnectionsFreeItsShare() throws {
        let server = try Self.server(Holding()) { $0.perClientConnectionLimit = 3 }
        defer { server.stop() }
        let port = server.port ?? 0
        for round in 0..<3 {
            // The clients close when this returns.
            func exchangeOnEveryAllowedConnection() throws {
                let clients = try (0..<3).map { _ in try SourceSocket(from: "127.0.0.4", port: port) }
                for client in clients {
                    let answer = try client.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                    #expect(answer.hasPrefix("HTTP/1.1 200"), "round \(round): got \(answer.prefix(40))")
                }
            }
            try exchangeOnEveryAllowedConnection()
            // The server notices each close as soon as its worker reads the end.
            for _ in 0..<200 where server.openConnections != 0 { usleep(10_000) }
            #expect(server.openConnections == 0)
        }
    }
}
