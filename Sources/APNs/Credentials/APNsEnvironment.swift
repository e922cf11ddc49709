/// The two APNs environments: a development build's device tokens are sandbox tokens, an App
/// Store or TestFlight build's are production tokens, and a token only works in its own.
public enum APNsEnvironment: String, Sendable, CaseIterable {
    case sandbox, production

    /// The other environment, for the advice on a token sent to the wrong one.
    public var other: APNsEnvironment { self == .sandbox ? .production : .sandbox }

    /// "Sandbox" or "Production", as the pages and Apple's developer site name them.
    public var title: String { self == .sandbox ? "Sandbox" : "Production" }
}

/// What a token-based key may be used for, as Apple issues keys since 2025: a key is
/// team-scoped (both environments, or only one) and may be topic-specific (one bundle ID).
public struct APNsKeyScope: Sendable, Equatable {
    /// The environments a key or certificate is valid in.
    public enum Environments: String, Sendable {
        case both, sandbox, production

        /// Whether a send to `environment` is allowed.
        public func allows(_ environment: APNsEnvironment) -> Bool {
            self == .both || rawValue == environment.rawValue
        }
    }

    /// The environments the key may sign for (default `.both`, Apple's unrestricted key).
    public var environments: Environments
    /// The one bundle ID the key may push to, nil for all topics of the team.
    public var bundleID: String?

    public init(environments: Environments = .both, bundleID: String? = nil) {
        self.environments = environments
        self.bundleID = bundleID
    }
}
