/// How media checks behave on this server.
public struct MediaCheckConfiguration: Sendable {
    /// Loopback and private addresses allowed (`--allow-private-media`, for testing).
    public var allowsPrivateAddresses = false
    /// Trusted certificates instead of the system's (a test server's self-signed certificate).
    public var caFile: String?
    /// Milliseconds allowed to connect, per request.
    public var connectTimeout = 3000
    /// Milliseconds allowed for the whole check, redirects included.
    public var totalTimeout = 10000
    /// Checks that may run at once; more are refused at once rather than queued, so slow media
    /// hosts can never hold every worker thread.
    public var concurrentChecks = 2
    /// Seconds a result is reused for the same URL (`--media-reuse`; tests shorten it).
    public var resultLifetime = 60.0
    /// Bytes of image copies kept for the preview, all together.
    public var imageCacheCapacity = 32 << 20

    /// The defaults: public addresses only, 3 s to connect, 10 s in all, 2 at once.
    public init() {}

    /// Redirects followed at most (each one checked like the first URL).
    public static let redirectLimit = 3
}
