import Dashboard
import Foundation
import MHDServer

/// `pushboard serve`: the dashboard and the JSON API on libmicrohttpd until SIGINT or SIGTERM.
enum ServeCommand: Command {
    static let words = ["serve"]
    static let valueOptions: Set<String> = ["host", "port", "data", "threads", "allowed-host", "resources"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard serve [--host 127.0.0.1] [--port 8080] [--data ./pushboard-data] [--threads N]

        Serves the dashboard and the JSON API and prints the URL it listens on.
          --host ADDRESS   address to bind (default 127.0.0.1; only loopback unless you mean it)
          --port N         port, 0 picks a free one and prints it (default 8080)
          --data DIR       data directory, created when missing (default ./pushboard-data)
          --threads N      worker threads (default: the number of cores)
          --allowed-host NAMES  comma-separated host names the dashboard answers for besides
                           localhost and IP addresses (others get 421: DNS-rebinding guard)
          --resources DIR  serve templates/, Public/ and api/ from DIR (a checkout) instead of
                           the copy built into the program, re-read when they change
        Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.operands.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.operands[0])'")
        }
        MHDServer.blockTerminationSignals()
        var server = MHDServerConfiguration()
        server.host = arguments["host"] ?? "127.0.0.1"
        server.port = try arguments.integer("port", in: 0...65535) ?? 8080
        server.threadPoolSize =
            try arguments.integer("threads", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let configuration = DashboardConfiguration(
            resourceDirectory: arguments["resources"], dataDirectory: arguments["data"] ?? "./pushboard-data",
            bodyLimit: server.bodyLimit,
            allowedHosts: (arguments["allowed-host"] ?? "").split(separator: ",").map {
                String($0).trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty })
        let dashboard: Dashboard
        do {
            dashboard = try Dashboard(configuration: configuration)
        } catch {
            throw InputOutputError(message: "cannot start: \(error)")
        }
        let daemon = MHDServer(configuration: server, responder: dashboard)
        do {
            try daemon.start()
        } catch {
            throw InputOutputError(message: "cannot listen on \(server.host):\(server.port): \(error)")
        }
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        Console.out("Pushboard listening on http://\(host):\(daemon.port ?? server.port)/")
        _ = try daemon.runUntilSignalled()
        Console.error("pushboard: stopped")
        return 0
    }
}
