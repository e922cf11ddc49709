/// One HTTP response as a value. The server computes `Content-Length` from `body` and drops the body of
/// a `HEAD` response itself, so handlers always build the full `GET` answer.
public struct Response: Sendable, Equatable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields; `Content-Length` is ignored (the server writes the real one).
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    /// Makes a response.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public init(text: String, status: HTTPStatus = .ok) {
        self.init(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A `text/html; charset=utf-8` response; the caller has already escaped what needed escaping.
    public init(html: String, status: HTTPStatus = .ok) {
        self.init(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// An `application/json` response from JSON text (JSON is UTF-8 by definition, so no charset).
    public init(json: String, status: HTTPStatus = .ok) {
        self.init(json: Array(json.utf8), status: status)
    }

    /// An `application/json` response from encoded bytes, sent exactly as given.
    public init(json: [UInt8], status: HTTPStatus = .ok) {
        self.init(status: status, headers: ["Content-Type": "application/json"], body: json)
    }

    /// A redirect (303 by default, so a form POST is followed by a GET).
    public init(redirectTo location: String, status: HTTPStatus = .seeOther) {
        self.init(status: status, headers: ["Location": location])
    }

    /// The plain-text rendering of an error: the fallback when nobody gave a nicer renderer.
    public init(plainTextError error: HTTPError) {
        self.init(
            text: "\(error.status.code) \(error.status.reasonPhrase): \(error.message)\n",
            status: error.status)
        for field in error.headers {
            headers.replaceOrAdd(name: field.name, value: field.value)
        }
    }
}
