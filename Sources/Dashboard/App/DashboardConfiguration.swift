import APNs
import Access
import Foundation
import MediaCheck
import Storage

/// Where the dashboard finds its files and keeps its data.
public struct DashboardConfiguration: Sendable {
    /// A folder holding `templates/`, `Public/` and `api/openapi.json` (a checkout) to serve
    /// instead of the copy embedded in the program, re-read when it changes; `nil` (the default)
    /// serves the embedded copy.
    public var resourceDirectory: String?
    /// The folder holding `pushboard.sqlite3` (and the access key); created when missing.
    public var dataDirectory: String
    /// A PostgreSQL database (`postgresql://…`) holding the workspace instead of the data
    /// directory's SQLite file, shared by the instances of a cluster; nil for SQLite.
    public var databaseURL: String?
    /// The largest request body the server reads; shown in error messages.
    public var bodyLimit: Int
    /// Host names besides `localhost` and IP addresses that people use to reach the dashboard
    /// (see `HostPolicy`).
    public var allowedHosts: [String]
    /// True when the server listens on loopback only; then, while no user exists, the dashboard
    /// runs without login (and says so on every page). False: login is always required.
    public var openWithoutUsers: Bool = true
    /// Marks the session cookie `Secure` (`serve --secure-cookies`, behind HTTPS).
    public var secureCookies: Bool = false
    /// How long sessions last.
    public var sessionPolicy = SessionPolicy()
    /// The reverse proxies whose `X-Forwarded-For` names the client (`serve --trusted-proxy`,
    /// see `TrustedProxies`); the server's per-address connection cap should exempt them too.
    public var trustedProxies: [String] = []
    /// How many days audit events are kept (`serve --audit-retention`).
    public var auditRetentionDays = 400
    /// How media checks behave (`--allow-private-media`, `--media-ca-file`).
    public var media = MediaCheckConfiguration()
    /// How many requests may wait for the database's write lock at once (see
    /// `Database.waitingWriterLimit`); keep it below the worker thread count.
    public var waitingWriterLimit = 4
    /// How many database connections are kept (see `Database.connectionLimit`); set it to the
    /// worker thread count.
    public var databaseConnections = Database.defaultConnectionLimit
    /// Serve a database that fails `PRAGMA quick_check`, read-only, instead of refusing to start.
    public var allowDamagedDatabase = false
    /// The server log for access lines and errors; `nil` writes no access lines (errors still
    /// go to stderr), as in-process tests want.
    public var log: ServerLog?
    /// The counters `GET /metrics` shows.
    public var metrics = Metrics()
    /// Where test sends go (`serve --apns-sandbox/--apns-production/--apns-ca` or the same keys in
    /// the config file; never a page field): Apple's servers by default.
    public var apnsEndpoints = APNsEndpoints.apple
    /// The service manager's environment (`CREDENTIALS_DIRECTORY`), where the sealing key of the
    /// stored APNs keys may come from; tests give their own.
    public var environment = ProcessInfo.processInfo.environment

    /// A configuration; `bodyLimit` defaults to 1 MiB (CONTRACT §3).
    public init(
        resourceDirectory: String? = nil, dataDirectory: String, bodyLimit: Int = 1 << 20,
        allowedHosts: [String] = [], log: ServerLog? = nil
    ) {
        self.log = log
        self.resourceDirectory = resourceDirectory
        self.dataDirectory = dataDirectory
        self.bodyLimit = bodyLimit
        self.allowedHosts = allowedHosts
    }
}
