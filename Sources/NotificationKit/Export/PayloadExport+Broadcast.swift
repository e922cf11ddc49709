/// A curl command for the broadcast endpoint (iOS 18 channels, apns-rules.md §7 [BCAST]).
extension PayloadExport {
    /// A POSIX-shell command that broadcasts the payload on the channel in `apns-channel-id`:
    ///
    /// ```sh
    /// curl --http2 \
    ///   -H 'apns-push-type: liveactivity' \
    ///   -H 'apns-priority: 10' -H 'apns-expiration: 0' \
    ///   -H 'apns-channel-id: dHN0LXNyY2gtY2hubA==' \
    ///   -H "authorization: bearer ${APNS_AUTH_TOKEN}" \
    ///   --data-binary '{"aps":{…}}' \
    ///   'https://api.sandbox.push.apple.com/4/broadcasts/apps/com.example.app'
    /// ```
    ///
    /// The app is named in the path, so `bundleIdentifier` is required and no `apns-topic` is
    /// sent. Quoting is the device command's: every value single-quoted, the JWT from the
    /// environment, header values with line breaks refused.
    public func broadcastCurlCommand(environment: APNsEnvironment = .sandbox, bundleIdentifier: String?)
        throws(ExportError) -> String
    {
        if bytes.contains(0) { throw .containsNUL }
        guard let payload = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        guard let bundleIdentifier, !bundleIdentifier.isEmpty,
            bundleIdentifier.unicodeScalars.allSatisfy(Validator.isBundleIDScalar)
        else {
            throw .missingBroadcastBundle
        }
        var sent = headers
        sent.topic = nil
        sent.pushType = sent.pushType ?? APNsPushType.liveactivity.rawValue
        return try Self.command(
            headers: sent, payload: payload,
            url: "https://\(environment.host)/4/broadcasts/apps/\(bundleIdentifier)")
    }
}
