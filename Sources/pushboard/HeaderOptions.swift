/// The HEADER OPTIONS of CONTRACT §2: one command-line option per APNs request header.
enum HeaderOptions {
    /// Option name → header name.
    static let options: [(option: String, header: String)] = [
        ("push-type", "apns-push-type"), ("priority", "apns-priority"), ("topic", "apns-topic"),
        ("collapse-id", "apns-collapse-id"), ("expiration", "apns-expiration"), ("apns-id", "apns-id"),
        ("channel-id", "apns-channel-id"),
    ]

    /// The option names, for `ParsedArguments`.
    static let names = Set(options.map(\.option))

    /// The help lines for the header options.
    static let help = """
          --push-type TYPE   apns-push-type (default alert)
          --priority N       apns-priority (10, 5 or 1)
          --topic TOPIC      apns-topic (the bundle id, with the push type's suffix)
          --collapse-id ID   apns-collapse-id (at most 64 bytes)
          --expiration T     apns-expiration (UNIX time, 0 for now-or-never)
          --apns-id UUID     apns-id (canonical UUID)
          --channel-id ID    apns-channel-id: a broadcast on an iOS 18 channel (base64)
        """

    /// The headers the options give, by header name.
    static func headers(from arguments: ParsedArguments) -> [String: String] {
        var headers: [String: String] = [:]
        for (option, header) in options {
            if let value = arguments[option] { headers[header] = value }
        }
        return headers
    }
}
