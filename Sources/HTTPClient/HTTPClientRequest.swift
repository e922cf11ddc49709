/// One HTTP exchange as `HTTPConnection.perform` runs it: everything libcurl is told, in values,
/// so the callers (MediaCheck's GET, APNs' POST) never see libcurl's options.
public struct HTTPClientRequest: Sendable {
    /// The protocol version to ask for.
    public enum Version: Sendable {
        /// HTTP/1.1 only (media downloads).
        case http1
        /// HTTP/2 negotiated by TLS ALPN, and nothing else: APNs speaks only HTTP/2.
        case http2OverTLS
    }

    /// The URL as libcurl should request it.
    public var url: String
    /// `GET` or `POST`; a `POST` sends `body`.
    public var method: String
    /// Request header lines, `name: value`.
    public var headers: [String]
    /// The exact bytes a `POST` sends.
    public var body: [UInt8]
    /// The schemes libcurl may speak, `CURLOPT_PROTOCOLS_STR` ("https", or "http" when asked).
    public var protocols: String
    /// The protocol version.
    public var version: Version
    /// Milliseconds allowed to connect (TCP and TLS).
    public var connectTimeoutMilliseconds: Int
    /// Milliseconds allowed for the whole exchange, connect included.
    public var totalTimeoutMilliseconds: Int
    /// A PEM file of trusted certificates used instead of the system's (tests' own CA).
    public var caFile: String?
    /// `host:port:address` lines that pin a name to a checked address (`CURLOPT_RESOLVE`).
    public var resolve: [String]
    /// The `User-Agent` header.
    public var userAgent: String?
    /// `Accept-Encoding`, when the answer must not be compressed.
    public var acceptEncoding: String?
    /// A TLS client certificate and its private key, both PEM, held in memory only.
    public var clientCertificate: ClientCertificate?

    /// A TLS client identity (APNs' certificate-based authentication).
    public struct ClientCertificate: Sendable {
        /// The certificate, PEM.
        public var certificatePEM: [UInt8]
        /// Its private key, PEM, unencrypted (it never touches the disk).
        public var keyPEM: [UInt8]

        public init(certificatePEM: [UInt8], keyPEM: [UInt8]) {
            self.certificatePEM = certificatePEM
            self.keyPEM = keyPEM
        }
    }

    public init(
        url: String, method: String = "GET", headers: [String] = [], body: [UInt8] = [],
        protocols: String = "https",
        version: Version = .http1, connectTimeoutMilliseconds: Int, totalTimeoutMilliseconds: Int,
        caFile: String? = nil, resolve: [String] = [], userAgent: String? = nil,
        acceptEncoding: String? = nil,
        clientCertificate: ClientCertificate? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.protocols = protocols
        self.version = version
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.totalTimeoutMilliseconds = totalTimeoutMilliseconds
        self.caFile = caFile
        self.resolve = resolve
        self.userAgent = userAgent
        self.acceptEncoding = acceptEncoding
        self.clientCertificate = clientCertificate
    }
}
