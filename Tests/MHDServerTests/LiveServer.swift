import Concurrency
import Foundation
import HTTPKit

@testable import MHDServer

/// A real server on 127.0.0.1 port 0 with a few routes and a temporary `Public/`, stopped and cleaned
/// up when the test drops it.
final class LiveServer {
    let server: MHDServer
    let root: String
    /// How many DELETE requests reached a handler (the smuggling test expects none).
    private let deletes = Locked(0)
    var port: Int { server.port ?? 0 }

    init(host: String = "127.0.0.1", bodyLimit: Int = 1 << 20) throws {
        root = NSTemporaryDirectory() + "pushboard-live-\(UUID().uuidString)"
        let publicDirectory = root + "/Public"
        try FileManager.default.createDirectory(
            atPath: publicDirectory + "/css", withIntermediateDirectories: true)
        try "body { color: #222; }\n".write(
            toFile: publicDirectory + "/css/app.css", atomically: true, encoding: .utf8)
        try "top secret\n".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: publicDirectory + "/leak.txt", withDestinationPath: root + "/secret.txt")
        let files = try StaticFiles(directory: publicDirectory)

        var builder = RouterBuilder()
        builder.get("/healthz") { _, _ in Response(json: #"{"status":"ok"}"#) }
        builder.post("/echo") { request, _ in
            Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }
        let deletes = self.deletes
        builder.delete("/echo") { _, _ in
            deletes.withLock { $0 += 1 }
            return Response(status: .noContent)
        }
        builder.get("/info/{name}") { request, parameters in
            let lines = [
                "method=\(request.method)",
                "name=\(parameters["name"] ?? "")",
                "q=\(request.queryItems["q"] ?? "")",
                "header=\(request.headers["x-test"] ?? "")",
                "remote=\(request.remoteAddress)",
            ]
            return Response(text: lines.joined(separator: "\n"))
        }
        builder.mount("/static/") { request in try files.serve(request) }
        let router = try builder.build { error, _ in
            Response(json: #"{"error":{"code":"\#(error.code.identifier)"}}"#, status: error.status)
        }
        let configuration = MHDServerConfiguration(
            host: host, port: 0, threadPoolSize: 2, bodyLimit: bodyLimit)
        server = MHDServer(configuration: configuration, responder: router)
        try server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// DELETE requests answered so far.
    func deletesSeen() -> Int {
        deletes.withLock { $0 }
    }

    func connect() throws -> RawHTTPConnection {
        try RawHTTPConnection(host: server.configuration.host, port: port)
    }

    /// Waits until every per-request context was released (the completion callback runs on a worker
    /// thread just after the response or abort), for at most two seconds.
    func waitUntilNoRequestIsAlive() -> Bool {
        for _ in 0..<200 {
            if server.liveRequestCount == 0 { return true }
            usleep(10_000)
        }
        return false
    }
}
