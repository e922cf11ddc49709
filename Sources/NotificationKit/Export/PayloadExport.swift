import JSON

/// Exports of one payload: the JSON itself, a `.apns` file for `xcrun simctl push`, and a curl
/// command for APNs over HTTP/2.
///
/// Every export starts from the exact bytes that were validated, never from a re-serialised
/// tree, so the size the validator reported is the size that is sent.
public struct PayloadExport: Sendable {
    /// The payload bytes exactly as validated.
    public var bytes: [UInt8]
    /// The APNs request headers to send with it.
    public var headers: APNsHeaders
    /// The tree of `bytes` when it was already read, so an export never reads the payload again.
    var root: JSONNode?

    /// An export of `bytes` (exactly as validated) with `headers`.
    public init(bytes: [UInt8], headers: APNsHeaders = APNsHeaders()) {
        self.bytes = bytes
        self.headers = headers
    }

    /// An export of an analysed payload: its exact bytes and headers, and its tree.
    public init(_ analysis: PayloadAnalysis) {
        self.init(bytes: analysis.bytes, headers: APNsHeaders(fields: analysis.headers))
        self.root = analysis.root
    }

    /// The payload JSON: the validated bytes, untouched.
    public func json() -> [UInt8] {
        bytes
    }
}

/// Why an export cannot be written.
public enum ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The payload is not a JSON object, so nothing can be added to it.
    case notAnObject
    /// The payload bytes are not valid UTF-8 text.
    case notUTF8
    /// The payload holds a NUL byte, which no shell argument can carry.
    case containsNUL
    /// A header value is empty (curl would drop it) or holds a line break or NUL, which would
    /// inject another header.
    case invalidHeaderValue(name: String)
    /// Neither an `apns-topic` header nor a bundle ID to derive it from; token authentication,
    /// which the curl export uses, requires the topic.
    case missingTopic(pushType: String)
    /// The device token is not a whole number of hexadecimal bytes of a size APNs issues
    /// (`DeviceTokenShape`); the message says what is wrong with it.
    case invalidDeviceToken(String)
    /// A broadcast names the app in its path, and no valid bundle ID was given.
    case missingBroadcastBundle

    /// A message that names the problem, in the command line's words (`--topic`, `--bundle`);
    /// the API and the composer say it in theirs (request headers and query parameters, fields).
    public var description: String {
        switch self {
        case .notAnObject: "The payload is not a JSON object."
        case .notUTF8: "The payload is not UTF-8 text."
        case .containsNUL: "The payload contains a NUL byte, which a shell command cannot carry."
        case .invalidHeaderValue(let name):
            "The \(name) header is empty or contains a line break or NUL byte."
        case .missingTopic(let pushType) where pushType == "mdm":
            "apns-topic is required with token authentication; an mdm push goes to the topic of the MDM "
                + "certificate: give --topic."
        case .missingTopic:
            "apns-topic is required with token authentication; give --topic or --bundle."
        case .invalidDeviceToken(let problem): problem
        case .missingBroadcastBundle:
            "A broadcast goes to /4/broadcasts/apps/<bundle ID>: give the app's bundle ID (--bundle)."
        }
    }
}
