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

    /// An export of `bytes` (exactly as validated) with `headers`.
    public init(bytes: [UInt8], headers: APNsHeaders = APNsHeaders()) {
        self.bytes = bytes
        self.headers = headers
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
    /// A header value holds a line break or NUL, which would inject another header.
    case invalidHeaderValue(name: String)
    /// The device token is not hexadecimal.
    case invalidDeviceToken

    /// A message that names the problem.
    public var description: String {
        switch self {
        case .notAnObject: "The payload is not a JSON object."
        case .notUTF8: "The payload is not UTF-8 text."
        case .containsNUL: "The payload contains a NUL byte, which a shell command cannot carry."
        case .invalidHeaderValue(let name): "The \(name) header contains a line break or NUL byte."
        case .invalidDeviceToken: "The device token must be hexadecimal digits."
        }
    }
}
