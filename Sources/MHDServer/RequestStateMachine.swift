import HTTPKit

/// The per-request protocol of libmicrohttpd's access handler as a value: it is called once when the
/// headers are in, once per body chunk, and once more when the request is complete. Each step returns
/// the action the server must take, so the protocol is tested without sockets.
///
/// A `Content-Length` over the limit is refused before any body byte is read. A chunked body cannot
/// announce its size, and libmicrohttpd only accepts a response once the upload has ended, so a
/// chunked body that grows over the limit is discarded and answered 413 at its end; a client that
/// keeps sending more than `discardAllowance` further bytes gets its connection closed instead.
struct RequestStateMachine: Equatable {
    /// Where the request is in its lifetime.
    enum State: Equatable {
        /// Nothing seen yet; the next call carries the headers.
        case awaitingHeaders
        /// The headers were accepted; `received` body bytes are stored so far.
        case receivingBody(received: Int)
        /// The body went over the limit; `received` bytes were seen in total, none are kept any more.
        case discardingBody(received: Int)
        /// The request was answered (or refused); nothing else may happen.
        case finished
    }

    /// What the server does next.
    enum Action: Equatable {
        /// Accept the headers and let libmicrohttpd read the body (or reach the end of the request).
        case readBody(expectedLength: Int?)
        /// Append the chunk to the body and mark it consumed.
        case storeChunk
        /// Mark the chunk consumed without keeping it: the body is already over the limit.
        case discardChunk
        /// The request is complete: build it and hand it to the responder.
        case respond
        /// Answer with this error now, without reading (the rest of) the body.
        case reject(HTTPError)
        /// Close the connection without an answer: the client broke the protocol or kept uploading
        /// long after it was told the body is too large.
        case closeConnection
    }

    /// The largest body kept, in bytes.
    let bodyLimit: Int
    /// How many bytes past the limit a chunked upload may still send before the connection is closed.
    let discardAllowance: Int
    /// The current state.
    private(set) var state: State = .awaitingHeaders

    /// Makes a machine for one request; the allowance defaults to the limit itself.
    init(bodyLimit: Int, discardAllowance: Int? = nil) {
        self.bodyLimit = bodyLimit
        self.discardAllowance = discardAllowance ?? bodyLimit
    }

    /// The headers are in. `contentLength` is the header as sent (`nil` when absent, as for chunked).
    mutating func headersReceived(contentLength: String?) -> Action {
        guard state == .awaitingHeaders else { return protocolViolation() }
        var expected: Int?
        if let contentLength {
            guard let length = Int(contentLength), length >= 0, contentLength.utf8.allSatisfy({ $0 < 0x80 })
            else {
                state = .finished
                return .reject(
                    HTTPError(.requestLength, message: "The Content-Length header is not a number."))
            }
            guard length <= bodyLimit else {
                state = .finished
                return .reject(Self.tooLarge(limit: bodyLimit))
            }
            expected = length
        }
        state = .receivingBody(received: 0)
        return .readBody(expectedLength: expected)
    }

    /// The head itself is refused (`RequestFraming`): answer `error` without reading any body.
    mutating func refuse(_ error: HTTPError) -> Action {
        guard state == .awaitingHeaders else { return protocolViolation() }
        state = .finished
        return .reject(error)
    }

    /// A body chunk of `byteCount` bytes arrived.
    mutating func bodyChunkReceived(byteCount: Int) -> Action {
        switch state {
        case .receivingBody(let received):
            let total = received + byteCount
            guard total <= bodyLimit else {
                state = .discardingBody(received: total)
                return .discardChunk
            }
            state = .receivingBody(received: total)
            return .storeChunk
        case .discardingBody(let received):
            let total = received + byteCount
            guard total <= bodyLimit + discardAllowance else { return protocolViolation() }
            state = .discardingBody(received: total)
            return .discardChunk
        case .awaitingHeaders, .finished:
            return protocolViolation()
        }
    }

    /// The request is complete (libmicrohttpd's last call, with no data).
    mutating func requestCompleted() -> Action {
        switch state {
        case .receivingBody:
            state = .finished
            return .respond
        case .discardingBody:
            state = .finished
            return .reject(Self.tooLarge(limit: bodyLimit))
        case .awaitingHeaders, .finished:
            return protocolViolation()
        }
    }

    private mutating func protocolViolation() -> Action {
        state = .finished
        return .closeConnection
    }

    /// The 413 every oversized body gets, naming the limit so the client knows what would fit.
    static func tooLarge(limit: Int) -> HTTPError {
        HTTPError(
            .requestTooLarge, message: "The request body is larger than the server accepts (\(limit) bytes).")
    }
}
