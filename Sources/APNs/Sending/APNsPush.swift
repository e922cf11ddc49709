import NotificationKit

/// One push to one device (or one broadcast channel): the exact validated bytes and headers.
public struct APNsPush: Sendable {
    /// The device token, hex; or the channel ID of a broadcast (`apns-channel-id` in `headers`).
    public var deviceToken: String
    /// The environment the device token belongs to.
    public var environment: APNsEnvironment
    /// `apns-topic`, `apns-push-type`, `apns-priority`, …, sent as given, in this order.
    public var headers: [(name: String, value: String)]
    /// The exact validated bytes.
    public var body: [UInt8]
    /// The app a broadcast is for: its path names it (`/4/broadcasts/apps/<bundle ID>`) and it
    /// sends no `apns-topic`. Nil for a push to a device.
    public var bundleID: String?

    public init(
        deviceToken: String, environment: APNsEnvironment, headers: [(name: String, value: String)],
        body: [UInt8], bundleID: String? = nil
    ) {
        self.deviceToken = deviceToken
        self.environment = environment
        self.headers = headers
        self.body = body
        self.bundleID = bundleID
    }

    /// The value of header `name` (case-insensitive), if given.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name }?.value
    }

    /// Whether this is a broadcast to a channel (iOS 18) rather than a push to a device.
    var isBroadcast: Bool { header("apns-channel-id") != nil }

    /// The request path, or why none can be built: only device tokens of the shape APNs issues
    /// (`DeviceTokenShape`, NotificationKit) and bundle IDs reach it,
    /// so nothing in a push can change where the request goes.
    func path() -> Result<String, APNsPathProblem> {
        if isBroadcast {
            let bundle = bundleID ?? APNsTopicRules.bundleID(of: header("apns-topic") ?? "")
            guard BundleIdentifier.isValid(bundle) else { return .failure(.topic) }
            return .success("/4/broadcasts/apps/\(bundle)")
        }
        if let problem = DeviceTokenShape.problem(deviceToken) { return .failure(.deviceToken(problem)) }
        return .success("/3/device/\(deviceToken.lowercased())")
    }
}

/// Why a push has no request path.
enum APNsPathProblem: Error {
    /// NotificationKit's `DeviceTokenShape` says why the token cannot be one.
    case deviceToken(String)
    case topic
}
