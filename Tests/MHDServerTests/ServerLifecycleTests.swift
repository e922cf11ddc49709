import Concurrency
import Foundation
import HTTPKit
import Testing

@testable import MHDServer

@Suite struct ServerLifecycleTests {
    struct Fixed: Responder {
        func respond(to request: Request) -> Response { Response(text: "fixed") }
    }

    @Test func stopIsIdempotentAndClosesTheListener() throws {
        let server = MHDServer(configuration: MHDServerConfiguration(port: 0), responder: Fixed())
        server.stop()
        try server.start()
        let port = try #require(server.port)
        #expect(
            try RawHTTPConnection(port: port).exchange("GET / HTTP/1.1\r\nHost: t\r\n\r\n").text == "fixed")
        server.stop()
        server.stop()
        #expect(server.port == nil)
        #expect(throws: RawHTTPConnection.Failure.self) { try RawHTTPConnection(port: port) }
        #expect(throws: MHDServerError.notStartable) { try server.start() }
    }

    @Test(arguments: [
        MHDServerConfiguration(host: "localhost", port: 0),
        MHDServerConfiguration(host: "127.0.0.1", port: 70_000),
        MHDServerConfiguration(host: "127.0.0.1", port: 0, threadPoolSize: 0),
        MHDServerConfiguration(host: "127.0.0.1", port: 0, bodyLimit: -1),
        MHDServerConfiguration(host: "127.0.0.1", port: 0, connectionTimeoutSeconds: 0),
    ])
    func badConfigurationIsAClearError(configuration: MHDServerConfiguration) {
        let server = MHDServer(configuration: configuration, responder: Fixed())
        #expect {
            try server.start()
        } throws: { error in
            guard case .invalidConfiguration(let message) = error as? MHDServerError else { return false }
            return !message.isEmpty
        }
    }

    @Test func portInUseIsAStartError() throws {
        let first = MHDServer(configuration: MHDServerConfiguration(port: 0), responder: Fixed())
        try first.start()
        defer { first.stop() }
        let port = try #require(first.port)
        let second = MHDServer(configuration: MHDServerConfiguration(port: port), responder: Fixed())
        #expect {
            try second.start()
        } throws: { error in
            guard case .startFailed(let message) = error as? MHDServerError else { return false }
            return message.contains("port \(port)")
        }
    }

    @Test func idleConnectionIsClosedAfterTheTimeout() throws {
        let configuration = MHDServerConfiguration(port: 0, connectionTimeoutSeconds: 1)
        let server = MHDServer(configuration: configuration, responder: Fixed())
        try server.start()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: try #require(server.port))
        try connection.send("GET / HTTP/1.1\r\nHost: t\r\n")  // Headers never finished.
        let started = ContinuousClock.now
        #expect(connection.isClosedByServer())
        #expect(ContinuousClock.now - started < .seconds(4))
        var waited = 0
        while server.liveRequestCount != 0, waited < 100 {
            usleep(10_000)
            waited += 1
        }
        #expect(server.liveRequestCount == 0)
    }

    @Test func runUntilSignalledStopsOnSIGTERM() throws {
        let server = MHDServer(configuration: MHDServerConfiguration(port: 0), responder: Fixed())
        let runner = Locked<pthread_t?>(nil)
        let outcome = Locked<Int32?>(nil)
        let thread = Thread {
            // Blocked before anything else, so the signal waits for sigwait instead of killing the process.
            var set = SignalMask.termination
            pthread_sigmask(SIG_BLOCK, &set, nil)
            runner.withLock { $0 = pthread_self() }
            let signal = try? server.runUntilSignalled()
            outcome.withLock { $0 = signal }
        }
        thread.start()
        var waited = 0
        while server.port == nil || runner.withLock({ $0 }) == nil, waited < 500 {
            usleep(10_000)
            waited += 1
        }
        let port = try #require(server.port)
        #expect(try RawHTTPConnection(port: port).exchange("GET / HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
        pthread_kill(try #require(runner.withLock { $0 }), SIGTERM)
        waited = 0
        while outcome.withLock({ $0 }) == nil, waited < 500 {
            usleep(10_000)
            waited += 1
        }
        #expect(outcome.withLock { $0 } == SIGTERM)
        #expect(server.port == nil)
    }
}
