import CCurl
import Glibc

/// One GET through libcurl, pinned to a checked address: the name is never resolved by libcurl
/// (`CURLOPT_RESOLVE` maps it to the address), the socket callback refuses any other address,
/// proxies are off, only https (or http when asked) is spoken, and redirects are not followed
/// here: the checker re-checks each `Location` and starts a new transfer.
final class CurlTransfer {
    /// What the callbacks fill in.
    fileprivate(set) var result = TransferResult()
    /// The address the socket callback allows.
    fileprivate let pinned: IPAddress
    /// The address libcurl actually asked to connect to.
    fileprivate(set) var attempted: IPAddress?

    /// libcurl's process-wide set-up, done once before the first transfer (thread-safe in
    /// Swift: a `static let` is initialised exactly once).
    static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    private init(pinned: IPAddress) {
        self.pinned = pinned
    }

    /// Runs `request` to the end (or to the budget's stop) and returns what came back.
    static func perform(_ request: TransferRequest) -> TransferResult {
        guard globalInit, let handle = curl_easy_init() else {
            return TransferResult(failure: .other("libcurl could not start"))
        }
        defer { curl_easy_cleanup(handle) }
        let transfer = CurlTransfer(pinned: request.pinned)
        let context = Unmanaged.passRetained(transfer)
        defer { context.release() }  // after curl_easy_perform returned: no callback can run any more
        // A name is pinned to the checked address; an IP literal is the address already (and
        // the socket callback holds libcurl to it either way).
        let pin = "\(request.url.host):\(request.url.port):\(bracketed(request.pinned))"
        let resolve = request.url.literal == nil ? curl_slist_append(nil, pin) : nil
        defer { curl_slist_free_all(resolve) }
        let pointer = context.toOpaque()
        var ok = true
        func set(_ code: CURLcode) { ok = ok && code == CURLE_OK }
        set(ccurl_setopt_string(handle, CURLOPT_URL, request.url.text))
        if let resolve {
            set(ccurl_setopt_pointer(handle, CURLOPT_RESOLVE, UnsafeMutableRawPointer(resolve)))
        }
        set(ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, request.url.scheme))
        set(ccurl_setopt_string(handle, CURLOPT_PROXY, ""))
        set(ccurl_setopt_string(handle, CURLOPT_NOPROXY, "*"))
        set(ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        set(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        set(ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout))
        set(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, request.totalTimeout))
        set(ccurl_setopt_string(handle, CURLOPT_USERAGENT, "Pushboard media check"))
        set(ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "identity"))
        if let caFile = request.caFile { set(ccurl_setopt_string(handle, CURLOPT_CAINFO, caFile)) }
        set(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, pointer))
        set(ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlBodyCallback))
        set(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, pointer))
        set(ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
        set(ccurl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, pointer))
        set(ccurl_setopt_open_socket(handle, curlOpenSocketCallback))
        guard ok else { return TransferResult(failure: .other("libcurl refused an option")) }
        let code = curl_easy_perform(handle)
        var result = transfer.result
        var status = 0
        if ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK { result.status = status }
        if code == CURLE_OK {
            result.body.finish()
        } else if result.stop == nil {
            result.failure = failure(code, attempted: transfer.attempted, pinned: request.pinned)
        }
        return result
    }

    /// The address as `CURLOPT_RESOLVE` wants it: IPv6 in brackets.
    private static func bracketed(_ address: IPAddress) -> String {
        if case .v6 = address { return "[\(address)]" }
        return address.description
    }

    /// What a libcurl error means for the report.
    private static func failure(_ code: CURLcode, attempted: IPAddress?, pinned: IPAddress)
        -> TransferResult.Failure
    {
        if let attempted, attempted != pinned { return .addressMismatch(attempted) }
        let text = String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timeout
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_GOT_NOTHING, CURLE_RECV_ERROR,
            CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .connect(text)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER:
            return .tls(text)
        default: return .other(text)
        }
    }

    /// Called for each header line; a status line starts a new response's headers.
    fileprivate func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            result.contentType = nil
            result.contentLength = nil
            result.location = nil
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        // Control characters never reach a report, a terminal or a page.
        let value = String(
            String.UnicodeScalarView(
                line[line.index(after: colon)...].trimmingSpaces().unicodeScalars.filter {
                    $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value)
                }))
        switch name {
        case "content-type": result.contentType = value
        case "content-length":
            result.contentLength = Int(value)
            result.body = BodyBudget(declaredLength: result.contentLength)
        case "location": result.location = value
        default: break
        }
    }

    /// Called for each body chunk; false stops the transfer.
    fileprivate func body(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if let stop = result.body.append(chunk) {
            result.stop = stop
            return false
        }
        return true
    }

    /// Whether libcurl may open a socket to `address`.
    fileprivate func mayConnect(to address: IPAddress?) -> Bool {
        attempted = address
        return address == pinned
    }
}

/// The transfer and the bytes of one data callback; the callback answers how many bytes it
/// took (all of them, or 0 to stop the transfer).
private func withTransfer(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?,
    _ body: (CurlTransfer, UnsafeRawBufferPointer) -> Bool
) -> Int {
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return body(transfer, UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}

/// `CURLOPT_WRITEFUNCTION`: hands the chunk to the transfer; returning less than the chunk's
/// size makes libcurl stop with `CURLE_WRITE_ERROR`, which the transfer reads as its own stop.
private func curlBodyCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    withTransfer(data, size, count, context) { transfer, chunk in transfer.body(chunk) }
}

/// `CURLOPT_HEADERFUNCTION`: one header line (with its CRLF) at a time.
private func curlHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    withTransfer(data, size, count, context) { transfer, bytes in
        var line = String(decoding: bytes, as: UTF8.self)
        while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
        transfer.header(line)
        return true
    }
}

/// `CURLOPT_OPENSOCKETFUNCTION`: the last gate before a packet leaves. The address libcurl is
/// about to connect to must be the one the guard checked, or no socket is opened.
private func curlOpenSocketCallback(
    _ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype,
    _ address: UnsafeMutablePointer<curl_sockaddr>?
) -> curl_socket_t {
    guard let context, let address else { return ccurl_bad_socket() }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let target = IPAddress(socketAddress: ccurl_sockaddr(address))
    guard purpose == CURLSOCKTYPE_IPCXN, transfer.mayConnect(to: target) else { return ccurl_bad_socket() }
    return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
}
