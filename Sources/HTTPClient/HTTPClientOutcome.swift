public import Glibc

/// How one exchange ended, as libcurl reported it.
public struct HTTPClientOutcome: Sendable {
    /// Why an exchange produced no usable answer.
    public enum Failure: Sendable, Equatable {
        /// No connection: refused, unreachable, reset, or closed without an answer.
        case connect(String)
        /// The connect or the total timeout ran out.
        case timeout
        /// The TLS handshake or the certificate check failed.
        case tls(String)
        /// The receiver stopped the exchange (a body over budget, a refused address).
        case stopped
        /// Anything else libcurl reported.
        case other(String)
    }

    /// The HTTP status code, 0 when none arrived.
    public var status = 0
    /// Set when the exchange failed.
    public var failure: Failure?
    /// How many new connections this exchange opened: 0 when it reused a kept-alive one.
    public var newConnections = 0
    /// The HTTP version spoken (`2` for HTTP/2, `1` for 1.x, 0 when unknown).
    public var httpVersion = 0

    public init() {}

    public init(failure: Failure) {
        self.failure = failure
    }
}

/// What the caller does with what libcurl reads: the header lines, the body chunks, and the
/// last word on each address libcurl is about to connect to.
public protocol HTTPClientReceiver: AnyObject {
    /// One header line without its line break; a status line (`HTTP/…`) starts a new response.
    func header(_ line: String)
    /// One body chunk; false stops the exchange (`Failure.stopped`).
    func body(_ chunk: UnsafeRawBufferPointer) -> Bool
    /// Whether libcurl may open a socket to this address (its family and bytes, as `sockaddr`).
    func mayConnect(to address: UnsafePointer<sockaddr>) -> Bool
}
