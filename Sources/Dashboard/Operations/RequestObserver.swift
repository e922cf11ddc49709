import Foundation
import HTTPKit

/// Wraps the answer to every request with what an operator needs: a request id (the client's
/// `X-Request-ID` when plausible, a new one otherwise) handed to the handlers and echoed on the
/// answer, one access-log line, and the request counters and latency histogram.
struct RequestObserver: Sendable {
    /// Where access lines go; `nil` writes none (in-process tests).
    let log: ServerLog?
    /// The counters behind `/metrics`.
    let metrics: Metrics
    /// Where the ids of requests that bring none come from.
    let requestIDs = RequestIDSource()

    /// The response of `answer`, observed. `route` is the matched route pattern, the metrics label.
    func observe(_ request: Request, route: String?, _ answer: (Request) -> Response) -> Response {
        let arrived = Date()
        let started = ContinuousClock.now
        let sent = request.headers[RequestID.headerName]
        let id = RequestID(validating: sent) ?? requestIDs.next()
        var request = request
        // The handlers see the id as a header: a plausible one the client sent is already there.
        if sent == nil {
            request.headers.add(name: RequestID.headerName, value: id.text)
        } else if sent != id.text {
            request.headers.replaceOrAdd(name: RequestID.headerName, value: id.text)
        }
        metrics.requestStarted()
        var response = answer(request)
        response.headers.replaceOrAdd(name: RequestID.headerName, value: id.text)
        let elapsed = started.duration(to: .now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        metrics.requestFinished(
            route: route, method: request.method.rawValue, status: response.status.code, seconds: seconds)
        log?.request(
            AccessLogEntry(
                time: arrived, requestID: id.text, remoteAddress: request.remoteAddress,
                method: request.method.rawValue, path: request.path, status: response.status.code,
                bytes: request.method == .head ? 0 : response.body.count, duration: seconds,
                referer: request.headers["Referer"], userAgent: request.headers["User-Agent"]))
        return response
    }
}
