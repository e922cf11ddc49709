/// A curl command that sends the payload to APNs over HTTP/2 (apns-rules.md §7).
extension PayloadExport {
    /// Which APNs host receives the request.
    public enum APNsEnvironment: String, Sendable, CaseIterable {
        /// `api.push.apple.com`: App Store and TestFlight builds.
        case production
        /// `api.sandbox.push.apple.com`: development builds (the default: exports are for testing).
        case sandbox

        /// The HTTPS host name.
        public var host: String {
            switch self {
            case .production: "api.push.apple.com"
            case .sandbox: "api.sandbox.push.apple.com"
            }
        }
    }

    /// What the command puts in the URL when no device token is given.
    public static let deviceTokenPlaceholder = "DEVICE_TOKEN"
    /// The environment variable the command reads the provider JWT from.
    public static let tokenVariable = "APNS_AUTH_TOKEN"

    /// A POSIX-shell command line:
    ///
    /// ```sh
    /// curl --http2 \
    ///   -H 'apns-push-type: alert' \
    ///   -H "authorization: bearer ${APNS_AUTH_TOKEN}" \
    ///   --data-binary '{"aps":{…}}' \
    ///   'https://api.sandbox.push.apple.com/3/device/<token>'
    /// ```
    ///
    /// Every header value, the payload and the URL are single-quoted, so nothing in them is
    /// interpreted by the shell; the payload reaches curl byte for byte. The JWT comes from
    /// `$APNS_AUTH_TOKEN` (the one deliberate expansion), so no secret is written into the
    /// command. Header values that are empty or hold a line break or NUL are refused (curl drops
    /// an empty header; a line break would inject headers). Without an `apns-push-type` header the
    /// command sends `alert`, the type assumed when validating, because Apple requires the header
    /// on watchOS and recommends it everywhere.
    ///
    /// Token authentication requires `apns-topic` (§7). Without the header, the topic is
    /// `bundleIdentifier` plus the push type's suffix (`.voip`, `.push-type.liveactivity`, …);
    /// without either the export is refused with `ExportError.missingTopic`.
    public func curlCommand(
        deviceToken: String?, environment: APNsEnvironment = .sandbox, bundleIdentifier: String? = nil
    ) throws(ExportError) -> String {
        if headers.channelID != nil {
            // A channel id makes the request a broadcast, which has its own endpoint.
            return try broadcastCurlCommand(environment: environment, bundleIdentifier: bundleIdentifier)
        }
        if bytes.contains(0) { throw .containsNUL }
        guard let payload = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        let token = deviceToken ?? Self.deviceTokenPlaceholder
        if let deviceToken {
            if let problem = DeviceTokenShape.problem(deviceToken) { throw .invalidDeviceToken(problem) }
        }
        var sent = headers
        sent.pushType = sent.pushType ?? APNsPushType.default.rawValue
        if sent.topic == nil {
            sent.topic = try Self.topic(pushType: sent.pushType, bundleIdentifier: bundleIdentifier)
        }
        return try Self.command(
            headers: sent, payload: payload, url: "https://\(environment.host)/3/device/\(token)")
    }

    /// The command line for `headers`, `payload` and `url`, every part single-quoted (shared by
    /// the device and the broadcast command).
    static func command(headers: APNsHeaders, payload: String, url: String) throws(ExportError) -> String {
        var lines = ["curl --http2"]
        for (name, value) in headers.fields {
            guard !value.isEmpty, !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw .invalidHeaderValue(name: name)
            }
            lines.append("-H " + POSIXShell.quote("\(name): \(value)"))
        }
        lines.append("-H \"authorization: bearer ${\(Self.tokenVariable)}\"")
        lines.append("--data-binary " + POSIXShell.quote(payload))
        lines.append(POSIXShell.quote(url))
        return lines.joined(separator: " \\\n  ") + "\n"
    }

    /// The topic of a push type for an app: the bundle ID with the push type's suffix. An `mdm`
    /// topic comes from the MDM certificate, so no bundle ID makes one.
    static func topic(pushType: String?, bundleIdentifier: String?) throws(ExportError) -> String {
        let pushType = pushType ?? APNsPushType.default.rawValue
        let rule = PushTypeRule.named(pushType)
        guard let bundleIdentifier, !bundleIdentifier.isEmpty, rule?.name != "mdm" else {
            throw .missingTopic(pushType: pushType)
        }
        return bundleIdentifier + (rule?.topicSuffix ?? "")
    }
}
