import Access
import Foundation

/// Where the dashboard finds its files and keeps its data.
public struct DashboardConfiguration: Sendable {
    /// The folder holding `templates/`, `Public/` and `api/openapi.json` (the repository root).
    public var resourceDirectory: String
    /// The folder holding `pushboard.sqlite3`; created when missing.
    public var dataDirectory: String
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

    /// A configuration; `bodyLimit` defaults to 1 MiB (CONTRACT §3).
    public init(
        resourceDirectory: String, dataDirectory: String, bodyLimit: Int = 1 << 20,
        allowedHosts: [String] = []
    ) {
        self.resourceDirectory = resourceDirectory
        self.dataDirectory = dataDirectory
        self.bodyLimit = bodyLimit
        self.allowedHosts = allowedHosts
    }

    /// The first of the working directory and the folders above the executable that holds
    /// `templates/layout.html`, so `pushboard serve` works from the repository root and when
    /// started as `.build/release/pushboard` from anywhere.
    public static func locateResources(executablePath: String) -> String? {
        var candidates = [FileManager.default.currentDirectoryPath]
        var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.path)
            folder.deleteLastPathComponent()
        }
        return candidates.first { path in
            FileManager.default.fileExists(atPath: path + "/templates/layout.html")
        }
    }
}
