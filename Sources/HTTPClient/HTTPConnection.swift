import CCurl
import Glibc

/// One libcurl easy handle, kept between exchanges so its connection cache keeps the connection
/// alive: the next exchange to the same host (and the same TLS identity) reuses it, and with
/// HTTP/2 the TLS handshake happens once. Not thread-safe: one exchange at a time (callers that
/// share it hold a lock around `perform`).
public final class HTTPConnection {
    /// libcurl's process-wide set-up, done once before the first transfer (thread-safe in
    /// Swift: a `static let` is initialised exactly once).
    static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    private let handle: UnsafeMutableRawPointer?

    /// A connection with nothing open yet; it connects on the first `perform`.
    public init() {
        handle = Self.globalInit ? curl_easy_init() : nil
    }

    deinit {
        if let handle { curl_easy_cleanup(handle) }
    }

    /// Runs `request` to the end (or until the receiver stops it) and says how it ended.
    public func perform(_ request: HTTPClientRequest, receiver: any HTTPClientReceiver) -> HTTPClientOutcome {
        guard let handle else { return HTTPClientOutcome(failure: .other("libcurl could not start")) }
        // The options of the previous exchange go; the connection cache stays.
        curl_easy_reset(handle)
        let context = Unmanaged.passRetained(CallbackContext(receiver))
        defer { context.release() }  // after curl_easy_perform returned: no callback can run any more
        var lists = HeaderLists()
        defer { lists.free() }
        var ok = true
        func set(_ code: CURLcode) { ok = ok && code == CURLE_OK }
        set(ccurl_setopt_string(handle, CURLOPT_URL, request.url))
        set(ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, request.protocols))
        set(ccurl_setopt_string(handle, CURLOPT_PROXY, ""))
        set(ccurl_setopt_string(handle, CURLOPT_NOPROXY, "*"))
        set(ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        set(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        set(ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeoutMilliseconds))
        set(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, request.totalTimeoutMilliseconds))
        set(ccurl_setopt_long(handle, CURLOPT_HTTP_VERSION, Self.versionOption(request.version)))
        if let agent = request.userAgent { set(ccurl_setopt_string(handle, CURLOPT_USERAGENT, agent)) }
        if let encoding = request.acceptEncoding {
            set(ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, encoding))
        }
        if let caFile = request.caFile { set(ccurl_setopt_string(handle, CURLOPT_CAINFO, caFile)) }
        if !request.resolve.isEmpty {
            lists.resolve = Self.list(request.resolve)
            set(ccurl_setopt_pointer(handle, CURLOPT_RESOLVE, UnsafeMutableRawPointer(lists.resolve)))
        }
        if !request.headers.isEmpty {
            lists.headers = Self.list(request.headers)
            set(ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(lists.headers)))
        }
        if let identity = request.clientCertificate {
            set(ccurl_setopt_string(handle, CURLOPT_SSLCERTTYPE, "PEM"))
            set(Self.blob(handle, CURLOPT_SSLCERT_BLOB, identity.certificatePEM))
            set(ccurl_setopt_string(handle, CURLOPT_SSLKEYTYPE, "PEM"))
            set(Self.blob(handle, CURLOPT_SSLKEY_BLOB, identity.keyPEM))
        }
        if request.method == "POST" {
            // libcurl copies the body (COPYPOSTFIELDS, `count` bytes): nothing it keeps points
            // into Swift memory, and an empty body is sent as empty, never read from stdin.
            set(ccurl_setopt_long(handle, CURLOPT_POST, 1))
            set(ccurl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
            var copy = request.body + [0]
            set(
                copy.withUnsafeMutableBytes {
                    ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress)
                })
        }
        let pointer = context.toOpaque()
        set(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, pointer))
        set(ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlBodyCallback))
        set(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, pointer))
        set(ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
        set(ccurl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, pointer))
        set(ccurl_setopt_open_socket(handle, curlOpenSocketCallback))
        guard ok else { return HTTPClientOutcome(failure: .other("libcurl refused an option")) }
        let code = curl_easy_perform(handle)
        return Self.outcome(of: handle, code: code, stopped: context.takeUnretainedValue().stopped)
    }

    /// What the handle says about the exchange that just ended.
    private static func outcome(of handle: UnsafeMutableRawPointer, code: CURLcode, stopped: Bool)
        -> HTTPClientOutcome
    {
        var outcome = HTTPClientOutcome()
        var value = 0
        if ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &value) == CURLE_OK { outcome.status = value }
        if ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &value) == CURLE_OK {
            outcome.newConnections = value
        }
        if ccurl_getinfo_long(handle, CURLINFO_HTTP_VERSION, &value) == CURLE_OK {
            outcome.httpVersion = value == Int(CURL_HTTP_VERSION_2_0) ? 2 : value == 0 ? 0 : 1
        }
        if code != CURLE_OK { outcome.failure = stopped ? .stopped : failure(code) }
        return outcome
    }

    /// What a libcurl error means for the caller.
    private static func failure(_ code: CURLcode) -> HTTPClientOutcome.Failure {
        let text = String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timeout
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_GOT_NOTHING, CURLE_RECV_ERROR,
            CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connect(text)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER:
            return .tls(text)
        default: return .other(text)
        }
    }

    private static func versionOption(_ version: HTTPClientRequest.Version) -> Int {
        switch version {
        case .http1: Int(CURL_HTTP_VERSION_1_1)
        case .http2OverTLS: Int(CURL_HTTP_VERSION_2TLS)
        }
    }

    private static func list(_ lines: [String]) -> UnsafeMutablePointer<curl_slist>? {
        lines.reduce(nil) { list, line in curl_slist_append(list, line) }
    }

    private static func blob(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ bytes: [UInt8])
        -> CURLcode
    {
        var copy = bytes
        return copy.withUnsafeMutableBytes { ccurl_setopt_blob(handle, option, $0.baseAddress, $0.count) }
    }
}

/// The string lists an exchange hands libcurl, freed after it.
private struct HeaderLists {
    var resolve: UnsafeMutablePointer<curl_slist>?
    var headers: UnsafeMutablePointer<curl_slist>?

    func free() {
        curl_slist_free_all(resolve)
        curl_slist_free_all(headers)
    }
}

/// What the C callbacks reach: the receiver, and whether it stopped the exchange.
private final class CallbackContext {
    let receiver: any HTTPClientReceiver
    var stopped = false

    init(_ receiver: any HTTPClientReceiver) {
        self.receiver = receiver
    }
}

/// The context and the bytes of one data callback; the callback answers how many bytes it
/// took (all of them, or 0 to stop the exchange).
private func withContext(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?,
    _ body: (CallbackContext, UnsafeRawBufferPointer) -> Bool
) -> Int {
    guard let context, let data else { return 0 }
    let target = Unmanaged<CallbackContext>.fromOpaque(context).takeUnretainedValue()
    return body(target, UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}

/// `CURLOPT_WRITEFUNCTION`: hands the chunk to the receiver; returning less than the chunk's
/// size makes libcurl stop with `CURLE_WRITE_ERROR`, which the outcome reads as `stopped`.
private func curlBodyCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    withContext(data, size, count, context) { target, chunk in
        let more = target.receiver.body(chunk)
        if !more { target.stopped = true }
        return more
    }
}

/// `CURLOPT_HEADERFUNCTION`: one header line (with its CRLF) at a time.
private func curlHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    withContext(data, size, count, context) { target, bytes in
        var line = String(decoding: bytes, as: UTF8.self)
        while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
        target.receiver.header(line)
        return true
    }
}

/// `CURLOPT_OPENSOCKETFUNCTION`: the last gate before a packet leaves: the receiver sees the
/// exact address libcurl is about to connect to, and no socket is opened unless it agrees.
private func curlOpenSocketCallback(
    _ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype,
    _ address: UnsafeMutablePointer<curl_sockaddr>?
) -> curl_socket_t {
    guard let context, let address else { return ccurl_bad_socket() }
    let target = Unmanaged<CallbackContext>.fromOpaque(context).takeUnretainedValue()
    guard purpose == CURLSOCKTYPE_IPCXN, target.receiver.mayConnect(to: ccurl_sockaddr(address)) else {
        return ccurl_bad_socket()
    }
    return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
}
