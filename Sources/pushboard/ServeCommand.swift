import Dashboard
import Foundation
import MHDServer

/// `pushboard serve`: the dashboard and the JSON API on libmicrohttpd until SIGINT or SIGTERM.
enum ServeCommand: Command {
    static let words = ["serve"]
    static let valueOptions: Set<String> = [
        "host", "port", "data", "threads", "allowed-host", "media-ca-file",
    ]
    static let flagOptions: Set<String> = ["allow-private-media"]
    static let usage = """
        pushboard serve [--host 127.0.0.1] [--port 8080] [--data ./pushboard-data] [--threads N]

        Serves the dashboard and the JSON API and prints the URL it listens on.
          --host ADDRESS   address to bind (default 127.0.0.1; only loopback unless you mean it)
          --port N         port, 0 picks a free one and prints it (default 8080)
          --data DIR       data directory, created when missing (default ./pushboard-data)
          --threads N      worker threads (default: the number of cores)
          --allowed-host NAMES  comma-separated host names the dashboard answers for besides
                           localhost and IP addresses (others get 421: DNS-rebinding guard)
          --allow-private-media  let media checks reach loopback and private-network addresses
                           (for testing against a local media server; never link-local or metadata)
          --media-ca-file FILE  trust the certificates in this PEM file for media checks instead of
                           the system's (a test server's self-signed certificate)
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
        guard
            let resources = DashboardConfiguration.locateResources(
                executablePath: CommandLine.arguments[0])
        else {
            throw InputOutputError(
                message:
                    "cannot find the templates/ and Public/ folders; run pushboard from the repository root")
        }
        var configuration = DashboardConfiguration(
            resourceDirectory: resources, dataDirectory: arguments["data"] ?? "./pushboard-data",
            bodyLimit: server.bodyLimit,
            allowedHosts: (arguments["allowed-host"] ?? "").split(separator: ",").map {
                String($0).trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty })
        configuration.media.allowsPrivateAddresses = arguments.has("allow-private-media")
        configuration.media.caFile = arguments["media-ca-file"]
        // Media checks wait on other hosts: at most half the workers may be inside one.
        configuration.media.concurrentChecks = max(1, min(4, server.threadPoolSize / 2))
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
