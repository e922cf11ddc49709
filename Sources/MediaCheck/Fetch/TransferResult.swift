/// One HTTP exchange of a check: what came back from the one address the transfer was pinned to.
struct TransferResult {
    /// Why a transfer produced no usable answer.
    enum Failure: Equatable {
        /// No connection: refused, unreachable, reset, or closed without an answer.
        case connect(String)
        /// The connect or the total timeout ran out.
        case timeout
        /// The TLS handshake or the certificate check failed.
        case tls(String)
        /// libcurl was about to open a socket to an address other than the checked one.
        case addressMismatch(IPAddress?)
        /// Anything else libcurl reported.
        case other(String)
    }

    /// The HTTP status code, 0 when none arrived.
    var status = 0
    /// `Content-Type`, if sent.
    var contentType: String?
    /// `Content-Length`, if sent and a number.
    var contentLength: Int?
    /// `Location`, if sent.
    var location: String?
    /// What was read of the body and why reading stopped.
    var body = BodyBudget(declaredLength: nil)
    /// Set when reading stopped early on purpose.
    var stop: BodyBudget.Stop?
    /// Set when the exchange failed.
    var failure: Failure?
}

/// The settings of one transfer.
struct TransferRequest {
    /// The URL as libcurl should request it.
    var url: MediaURL
    /// The only address the transfer may connect to.
    var pinned: IPAddress
    /// Milliseconds allowed to connect (TCP and TLS).
    var connectTimeout: Int
    /// Milliseconds allowed for the whole exchange.
    var totalTimeout: Int
    /// A PEM file of trusted certificates instead of the system's (tests only).
    var caFile: String?
}
