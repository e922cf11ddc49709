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
    /// Why the request line is refused (`RequestLine`), found by the URI callback while the line
    /// is still as sent; answered once the head is in.
    var lineRefusal: HTTPError?
    /// The connection's guard entry, set when the head arrives: the answer claims the request
    /// from the deadline watchdog through it.
    var connection: ConnectionGuard.OpenConnection?

    init(target: String, bodyLimit: Int, budget: BodyBudget) {
        self.target = target
        self.machine = RequestStateMachine(bodyLimit: bodyLimit, budget: budget)
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
