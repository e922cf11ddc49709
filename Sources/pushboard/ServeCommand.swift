import Access
import Dashboard
import Foundation
import MHDServer
import Storage

/// `pushboard serve`: the dashboard and the JSON API on libmicrohttpd until SIGINT or SIGTERM.
enum ServeCommand: Command {
    static let words = ["serve"]
    static let valueOptions: Set<String> = ["host", "port", "data", "threads", "allowed-host"]
    static let flagOptions: Set<String> = ["secure-cookies"]
    static let usage = """
        pushboard serve [--host 127.0.0.1] [--port 8080] [--data ./pushboard-data] [--threads N]

        Serves the dashboard and the JSON API and prints the URL it listens on.
          --host ADDRESS   address to bind (default 127.0.0.1; only loopback unless you mean it)
          --port N         port, 0 picks a free one and prints it (default 8080)
          --data DIR       data directory, created when missing (default ./pushboard-data)
          --threads N      worker threads (default: the number of cores)
          --allowed-host NAMES  comma-separated host names the dashboard answers for besides
                           localhost and IP addresses (others get 421: DNS-rebinding guard)
          --secure-cookies mark the session cookie Secure (when served over HTTPS)
        Bound to loopback with no users, the dashboard runs without login and says so; bound to
        any other address it refuses to start until an admin exists (pushboard users add).
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
        configuration.secureCookies = arguments.has("secure-cookies")
        configuration.openWithoutUsers = Self.isLoopback(server.host)
        if !configuration.openWithoutUsers {
            try requireAdmin(dataDirectory: configuration.dataDirectory, host: server.host)
        }
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

    /// Whether `host` reaches only this machine: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1"
            || host.hasPrefix("127.") && host.split(separator: ".").count == 4
    }

    /// Refuses to serve beyond loopback without an admin, printing the command that adds one.
    private static func requireAdmin(dataDirectory: String, host: String) throws {
        let hasAdmin: Bool
        do {
            hasAdmin = try AccessControl(store: Store(directory: dataDirectory).access).hasAdmin()
        } catch {
            throw InputOutputError(message: "cannot start: \(error)")
        }
        guard !hasAdmin else { return }
        throw InputOutputError(
            message: """
                refusing to listen on \(host): that is reachable from other machines, and no admin \
                exists yet to log in. Add one first:
                  pushboard users add NAME --role admin --data \(dataDirectory)
                or listen on 127.0.0.1 only.
                """)
    }
}
