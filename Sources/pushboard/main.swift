// TEMPORARY stub from the server worktree so bench/http.sh can run before the real `pushboard serve`
// lands; the lead replaces this file.
import Foundation
import HTTPKit
import MHDServer

enum StubServe {
    static func run(_ arguments: [String]) -> Int32 {
        var configuration = MHDServerConfiguration()
        var index = 0
        while index + 1 < arguments.count {
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--host": configuration.host = value
            case "--port": configuration.port = Int(value) ?? -1
            case "--threads": configuration.threadPoolSize = Int(value) ?? -1
            case "--data": break
            default:
                FileHandle.standardError.write(Data("unknown option \(arguments[index])\n".utf8))
                return 2
            }
            index += 2
        }
        do {
            var builder = RouterBuilder()
            builder.get("/healthz") { _, _ in Response(json: #"{"status":"ok"}"#) }
            let files = try StaticFiles(directory: "Public")
            builder.mount("/static/") { request in try files.serve(request) }
            let server = MHDServer(configuration: configuration, responder: try builder.build())
            try server.start()
            FileHandle.standardOutput.write(
                Data("Pushboard listening on http://\(configuration.host):\(server.port ?? 0)/\n".utf8))
            try server.runUntilSignalled()
            return 0
        } catch {
            FileHandle.standardError.write(Data("pushboard: \(error)\n".utf8))
            return 2
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" {
    exit(StubServe.run(Array(arguments.dropFirst())))
}
print("pushboard (stub): only `serve` is available")
exit(2)
