import Glibc
import HTTPClient

/// One GET through libcurl (by way of HTTPClient), pinned to a checked address: the name is
/// never resolved by libcurl (`resolve` maps it to the address), the socket gate refuses any
/// other address, proxies are off, only https (or http when asked) is spoken, and redirects are
/// not followed here: the checker re-checks each `Location` and starts a new transfer.
final class CurlTransfer: HTTPClientReceiver {
    /// What the callbacks fill in.
    private(set) var result = TransferResult()
    /// The address the socket gate allows.
    private let pinned: IPAddress
    /// The address libcurl actually asked to connect to.
    private(set) var attempted: IPAddress?

    private init(pinned: IPAddress) {
        self.pinned = pinned
    }

    /// Runs `request` to the end (or to the budget's stop) and returns what came back.
    static func perform(_ request: TransferRequest) -> TransferResult {
        let transfer = CurlTransfer(pinned: request.pinned)
        // A name is pinned to the checked address; an IP literal is the address already (and
        // the socket gate holds libcurl to it either way).
        let pin = "\(request.url.host):\(request.url.port):\(bracketed(request.pinned))"
        let exchange = HTTPClientRequest(
            url: request.url.text, protocols: request.url.scheme, version: .http1,
            connectTimeoutMilliseconds: request.connectTimeout,
            totalTimeoutMilliseconds: request.totalTimeout,
            caFile: request.caFile, resolve: request.url.literal == nil ? [pin] : [],
            userAgent: "Pushboard media check", acceptEncoding: "identity")
        // A fresh connection per transfer: each is pinned to its own checked address.
        let outcome = HTTPConnection().perform(exchange, receiver: transfer)
        var result = transfer.result
        result.status = outcome.status
        switch outcome.failure {
        case nil: result.body.finish()
        case .stopped?: break  // the budget's stop is already in the result
        case let failure?:
            if result.stop == nil {
                result.failure = Self.failure(failure, attempted: transfer.attempted, pinned: request.pinned)
            }
        }
        return result
    }

    /// The address as `CURLOPT_RESOLVE` wants it: IPv6 in brackets.
    private static func bracketed(_ address: IPAddress) -> String {
        if case .v6 = address { return "[\(address)]" }
        return address.description
    }

    /// What a failed exchange means for the report.
    private static func failure(
        _ failure: HTTPClientOutcome.Failure, attempted: IPAddress?, pinned: IPAddress
    ) -> TransferResult.Failure {
        if let attempted, attempted != pinned { return .addressMismatch(attempted) }
        switch failure {
        case .timeout: return .timeout
        case .connect(let text): return .connect(text)
        case .tls(let text): return .tls(text)
        case .other(let text): return .other(text)
        case .stopped: return .other("stopped")
        }
    }

    /// Called for each header line; a status line starts a new response's headers.
    func header(_ line: String) {
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
    func body(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if let stop = result.body.append(chunk) {
            result.stop = stop
            return false
        }
        return true
    }

    /// Whether libcurl may open a socket to `address`: the last gate before a packet leaves.
    func mayConnect(to address: UnsafePointer<sockaddr>) -> Bool {
        let target = IPAddress(socketAddress: address)
        attempted = target
        return target == pinned
    }
}
