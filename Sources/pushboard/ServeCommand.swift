import APNs
import Access
import Dashboard
import Foundation
import MHDServer
import Storage

/// `pushboard serve`: the dashboard and the JSON API on libmicrohttpd until SIGINT or SIGTERM.
enum ServeCommand: Command {
    static let words = ["serve"]
    static let valueOptions: Set<String> = ServeConfigFile.settings.union([
        "config", "resources", "media-ca-file", "media-reuse",
    ])
    static let flagOptions: Set<String> = ["allow-private-media", "allow-damaged", "secure-cookies"]
    static let usage = """
        pushboard serve [--host 127.0.0.1] [--port 8080] [--data ./pushboard-data] [--threads N] [--config FILE]

        Serves the dashboard and the JSON API and prints the URL it listens on.
          --host ADDRESS   address to bind (default 127.0.0.1; only loopback unless you mean it)
          --port N         port, 0 picks a free one and prints it (default 8080)
          --data DIR       data directory, created when missing (default ./pushboard-data)
          --database URL   keep the workspace in this PostgreSQL database (postgresql://user@host/db,
                           libpq's URI; sslmode and other TLS settings pass through) instead of
                           the data directory's SQLite file: several instances can share it
          --threads N      worker threads (default: twice the cores, at least 8: requests
                           waiting on a locked database must not take every thread)
          --allow-damaged  serve a database that fails its integrity check, read-only
          --allowed-host NAMES  comma-separated host names the dashboard answers for besides
                           localhost and IP addresses (others get 421: DNS-rebinding guard)
          --secure-cookies mark the session cookie Secure (when served over HTTPS)
          --trusted-proxy ADDRESS  a reverse proxy (its IP address, as it connects) whose
                           X-Forwarded-For names the client: the rightmost entry that is not a
                           trusted proxy is the client's address for the login throttle, the
                           audit trail and the log; repeatable, or comma-separated
          --audit-retention DAYS  keep audit events this many days (default 400); older ones
                           and expired sessions are deleted at start and every hour
          --allow-private-media  let media checks reach loopback and private-network addresses
                           (for testing against a local media server; never link-local or metadata)
          --media-ca-file FILE  trust the certificates in this PEM file for media checks instead of
                           the system's (a test server's self-signed certificate)
          --media-reuse SECONDS  how long a media check's result is reused for the same URL
                           (default 60); an open composer checks its URL again quietly after it
          --apns-sandbox URL, --apns-production URL  where test sends go (default Apple's
                           servers); https://host[:port] only
          --apns-ca FILE   trust this CA (PEM) for the APNs endpoints instead of the system's store
          --config FILE    read these options from FILE, one 'name = value' per line (the
                           package's is /etc/pushboard/pushboard.conf); options given here win
          --log-format combined|json  one access-log line per request (default combined)
          --log-file FILE  write the log (requests, errors, start and stop) to FILE instead of
                           stderr; SIGHUP reopens it, for logrotate
          --drain-timeout SECONDS  on SIGTERM, how long requests in flight may take to finish
                           (default 10)
          --request-deadline SECONDS  how long a client may take to send a whole request, body
                           included; later ones get 408 (default 30; the head gets at most 10)
          --body-budget MIB  request body bytes held at once by all clients together; a body
                           that does not fit gets 503 with Retry-After (default 64)
          --per-address-connections N  connections one client address may hold; more get 503
                           with Retry-After (default 64)
          --resources DIR  serve templates/, Public/ and api/ from DIR (a checkout) instead of
                           the copy built into the program, re-read when they change
        Bound to loopback with no users, the dashboard runs without login and says so; bound to
        any other address it refuses to start until an admin exists (pushboard users add).
        Stops cleanly on Ctrl-C (SIGINT) or SIGTERM: stops listening, lets requests in flight
        finish, exits 0. Tells systemd (Type=notify) when it is ready and when it stops.
        """

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.operands.isEmpty else {
            throw UsageError("unexpected argument '\(parsed.operands[0])'")
        }
        let arguments = try parsed["config"].map { parsed.filling(try ServeConfigFile.read($0)) } ?? parsed
        MHDServer.blockTerminationSignals()
        var server = MHDServerConfiguration()
        server.host = arguments["host"] ?? "127.0.0.1"
        server.port = try arguments.integer("port", in: 0...65535) ?? 8080
        server.threadPoolSize =
            try arguments.integer("threads", in: 1...256)
            ?? max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)
        server.requestDeadlineSeconds = Double(try arguments.integer("request-deadline", in: 1...3600) ?? 30)
        server.bodyBudget = (try arguments.integer("body-budget", in: 1...65_536) ?? 64) << 20
        server.perClientConnectionLimit =
            try arguments.integer("per-address-connections", in: 1...100_000) ?? 64
        let drainTimeout = try arguments.integer("drain-timeout", in: 0...3600) ?? 10
        let log = try openLog(arguments)
        var configuration = DashboardConfiguration(
            resourceDirectory: arguments["resources"], dataDirectory: arguments["data"] ?? "./pushboard-data",
            bodyLimit: server.bodyLimit,
            allowedHosts: (arguments["allowed-host"] ?? "").split(separator: ",").map {
                String($0).trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }, log: log)
        configuration.media.allowsPrivateAddresses = arguments.has("allow-private-media")
        configuration.media.caFile = arguments["media-ca-file"]
        if let reuse = try arguments.integer("media-reuse", in: 1...86_400) {
            configuration.media.resultLifetime = Double(reuse)
        }
        // Media checks wait on other hosts: at most half the workers may be inside one.
        configuration.media.concurrentChecks = max(1, min(4, server.threadPoolSize / 2))
        configuration.databaseURL = try WorkspaceOption.databaseURL(arguments)
        configuration.allowDamagedDatabase = arguments.has("allow-damaged")
        // Half the workers at most wait for the write lock; the rest stay free for reads and
        // /healthz even while another process holds the database (issue 12).
        configuration.waitingWriterLimit = max(1, server.threadPoolSize / 2)
        // Each worker borrows one connection at a time: keep as many, and no more (issue 12).
        configuration.databaseConnections = server.threadPoolSize
        configuration.secureCookies = arguments.has("secure-cookies")
        configuration.trustedProxies = try trustedProxies(arguments)
        // Everyone behind a trusted proxy arrives from its address: the per-address connection
        // cap would cap the whole site, so the proxy is exempt (the total caps still hold).
        server.trustedPeers = Set(configuration.trustedProxies)
        configuration.auditRetentionDays = try arguments.integer("audit-retention", in: 1...36_500) ?? 400
        // Test sends go to these endpoints only (configuration, never a page field).
        configuration.apnsEndpoints = try APNsOptions.endpoints(arguments)
        configuration.openWithoutUsers = Self.isLoopback(server.host)
        if !configuration.openWithoutUsers {
            try requireAdmin(arguments, host: server.host)
        }
        let dashboard: Dashboard?
        var waiting: WaitingDashboard?
        do {
            dashboard = try Dashboard(configuration: configuration)
        } catch let error as StorageError where configuration.databaseURL != nil && error.isBusy {
            // PostgreSQL is not reachable yet: run anyway, /readyz 503, until it is.
            dashboard = nil
            waiting = WaitingDashboard(configuration: configuration, failure: "\(error)")
        } catch {
            throw InputOutputError(message: "cannot start: \(error)")
        }
        let daemon =
            if let waiting {
                MHDServer(configuration: server, responder: waiting)
            } else {
                MHDServer(configuration: server, responder: dashboard!)
            }
        // Weak: the metrics live inside the dashboard the daemon holds, and a cycle would keep the
        // database open past the stop (no final WAL checkpoint).
        configuration.metrics.observeOpenConnections { [weak daemon] in daemon?.openConnections }
        do {
            try daemon.start()
        } catch {
            throw InputOutputError(message: "cannot listen on \(server.host):\(server.port): \(error)")
        }
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        let url = "http://\(host):\(daemon.port ?? server.port)/"
        // The log's start line comes first: whoever waits for the URL may send requests at once.
        log.event(
            "start", "listening on \(url) (version \(CommandLineTool.version))",
            fields: ["url": url, "version": CommandLineTool.version])
        Console.out("Pushboard listening on \(url)")
        dashboard?.startHousekeeping()
        waiting?.startRetrying()
        let stop = try daemon.runAsService(drainTimeout: .seconds(drainTimeout)) {
            do {
                try log.reopen()
                if let path = log.path { log.event("reopen", "log file \(path) reopened") }
            } catch {
                Console.error("pushboard: \(error)")
            }
        }
        dashboard?.stop()
        waiting?.stop()
        let how = stop.drained ? "every request finished" : "drain timed out after \(drainTimeout) s"
        log.event("stop", "stopped on signal \(stop.signal); \(how)", fields: ["drained": "\(stop.drained)"])
        return 0
    }

    /// Whether `host` reaches only this machine: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1"
            || host.hasPrefix("127.") && host.split(separator: ".").count == 4
    }

    /// The `--trusted-proxy` addresses, each an IPv4 or IPv6 address as the server sees peers
    /// (a name or a network would never match one, so it is a usage error, not silently useless).
    private static func trustedProxies(_ arguments: ParsedArguments) throws -> [String] {
        try arguments.list("trusted-proxy").map { address in
            var buffer = in6_addr()
            guard inet_pton(AF_INET, address, &buffer) == 1 || inet_pton(AF_INET6, address, &buffer) == 1
            else {
                throw UsageError("option '--trusted-proxy' must be an IP address, not '\(address)'")
            }
            return address
        }
    }

    /// Refuses to serve beyond loopback without an admin, printing the command that adds one.
    private static func requireAdmin(_ arguments: ParsedArguments, host: String) throws {
        let hasAdmin: Bool
        let dataDirectory = arguments["data"] ?? "./pushboard-data"
        let workspace = arguments[WorkspaceOption.name] != nil ? "--database URL" : "--data \(dataDirectory)"
        do {
            hasAdmin = try AccessControl(store: WorkspaceOption.open(arguments, connectionLimit: 1).access)
                .hasAdmin()
        } catch let error as StorageError where arguments[WorkspaceOption.name] != nil && error.isBusy {
            // PostgreSQL is not reachable yet: serve /readyz 503 until it is. Whether an admin
            // exists cannot be known; every page still asks for a login (none is open).
            Console.error("pushboard: cannot check for an admin yet: \(error)")
            return
        } catch {
            throw InputOutputError(message: "cannot start: \(error)")
        }
        guard !hasAdmin else { return }
        throw InputOutputError(
            message: """
                refusing to listen on \(host): that is reachable from other machines, and no admin \
                exists yet to log in. Add one first:
                  pushboard users add NAME --role admin \(workspace)
                or listen on 127.0.0.1 only.
                """)
    }

    /// The server log the options ask for; a bad format is a usage error.
    private static func openLog(_ arguments: ParsedArguments) throws -> ServerLog {
        let name = arguments["log-format"] ?? LogFormat.combined.rawValue
        guard let format = LogFormat(rawValue: name) else {
            throw UsageError("option '--log-format' must be combined or json, not '\(name)'")
        }
        guard let path = arguments["log-file"] else { return ServerLog(format: format) }
        do {
            return try ServerLog(format: format, path: path)
        } catch {
            throw InputOutputError(message: "\(error)")
        }
    }
}
