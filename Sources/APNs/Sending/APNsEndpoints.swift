/// Where pushes go: configuration only (a config file or a command-line flag, never a page
/// field), so the tests point it at their local APNs and nobody can aim a send elsewhere.
public struct APNsEndpoints: Sendable, Equatable {
    /// The sandbox (development) server, an `https://host[:port]` URL.
    public var sandbox: String
    /// The production server.
    public var production: String
    /// An extra trust anchor (a PEM file) used instead of the system's, for the tests' local APNs.
    public var caFile: String?

    /// Apple's servers, trusted through the system's store.
    public static let apple = APNsEndpoints(
        sandbox: "https://api.sandbox.push.apple.com", production: "https://api.push.apple.com")

    public init(sandbox: String, production: String, caFile: String? = nil) {
        self.sandbox = sandbox
        self.production = production
        self.caFile = caFile
    }

    /// The base URL for `environment`.
    public func url(for environment: APNsEnvironment) -> String {
        environment == .sandbox ? sandbox : production
    }

    /// Nil when both are `https://host[:port]` with nothing after the authority, else what is
    /// wrong: a path, query or credentials would let a configured value reshape the request.
    public func problem() -> String? {
        for (name, url) in [("sandbox", sandbox), ("production", production)] {
            if let problem = Self.problem(url) { return "the \(name) endpoint \(problem)" }
        }
        return nil
    }

    private static func problem(_ url: String) -> String? {
        guard url.hasPrefix("https://") else { return "must start with https://" }
        var authority = url.dropFirst("https://".count)
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.isEmpty else { return "has no host" }
        let allowed = authority.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || ".-:[]".unicodeScalars.contains($0)
        }
        return allowed ? nil : "must be https://host[:port] with no path, query or user"
    }
}
