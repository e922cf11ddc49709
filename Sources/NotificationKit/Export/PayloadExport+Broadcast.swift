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
        var lines = ["curl --http2"]
        for (name, value) in sent.fields {
            guard !value.isEmpty, !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw .invalidHeaderValue(name: name)
            }
            lines.append("-H " + POSIXShell.quote("\(name): \(value)"))
        }
        lines.append("-H \"authorization: bearer ${\(Self.tokenVariable)}\"")
        lines.append("--data-binary " + POSIXShell.quote(payload))
        lines.append(POSIXShell.quote("https://\(environment.host)/4/broadcasts/apps/\(bundleIdentifier)"))
        return lines.joined(separator: " \\\n  ") + "\n"
    }
}
