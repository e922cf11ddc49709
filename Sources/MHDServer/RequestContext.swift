import HTTPKit

/// The state of one request while libmicrohttpd calls back about it. Created (retained) in the URI
/// callback, the first callback of every request, and released in the completion callback, which
/// libmicrohttpd also calls when the client aborts; only that connection's worker thread touches it.
final class RequestContext {
    /// The request target exactly as sent, path and query still encoded.
    let target: String
    /// Where the request is in the access handler protocol.
    var machine: RequestStateMachine
    /// The method, read when the headers arrive.
    var method = HTTPMethod.get
    /// The header fields, read when the headers arrive.
    var headers = HTTPHeaders()
    /// The client address, read when the headers arrive.
    var remoteAddress = ""
    /// The body stored so far, never more than the body limit.
    var body: [UInt8] = []

    init(target: String, bodyLimit: Int) {
        self.target = target
        self.machine = RequestStateMachine(bodyLimit: bodyLimit)
    }

    /// The request as the responder sees it; the body and the headers are moved out, not
    /// copied, so the responder adding a header (the request id) does not copy the fields.
    func takeRequest() -> Request {
        let taken = body
        body = []
        let fields = headers
        headers = HTTPHeaders()
        return Request(
            method: method, target: target, headers: fields, body: taken, remoteAddress: remoteAddress)
    }
}
