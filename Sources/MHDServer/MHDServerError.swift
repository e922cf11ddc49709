/// Why the server could not start; the message is meant for the person who ran `pushboard serve`.
public enum MHDServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A configuration value is out of range or malformed.
    case invalidConfiguration(String)
    /// libmicrohttpd refused to start (address in use, permission denied, …).
    case startFailed(String)
    /// `start()` was called on a server that is running or was stopped; make a new server instead.
    case notStartable

    /// The message.
    public var description: String {
        switch self {
        case .invalidConfiguration(let message): message
        case .startFailed(let message): message
        case .notStartable: "The server was already started; create a new server to start again."
        }
    }
}
