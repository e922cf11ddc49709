/// One HTTP request as a value: what the client sent, with the path and query decoded once, here, so
/// every later check (routing, static files) sees the same decoded text.
public struct Request: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The request target exactly as sent, for example `/static/a%20b.css?v=2`.
    public let target: String
    /// The path part of the target, still percent-encoded, for example `/static/a%20b.css`.
    public let path: String
    /// The query part of the target without the `?`, still encoded; `nil` when there is no `?`.
    public let rawQuery: String?
    /// The path split on `/` and each segment percent-decoded once: `/a%2Fb/c` is `["a/b", "c"]`, `/`
    /// is `[]`, and a trailing slash gives a last empty segment.
    public let pathComponents: [String]
    /// The decoded query pairs.
    public let queryItems: FormFields
    /// The request header fields.
    public var headers: HTTPHeaders
    /// The request body bytes, at most the server's body limit.
    public var body: [UInt8]
    /// The client's IP address (`127.0.0.1`, `::1`), or empty when unknown (in-process tests).
    public var remoteAddress: String
    /// Who the dashboard's authentication found the client to be (`anna`, `token:deploy`), as
    /// revisions record it; nil when no authentication is in force. Only the server sets it:
    /// nothing a client sends can.
    public var authenticatedActor: String?

    /// Where the router sends this request, once `Router.resolved(_:)` found it (nil before):
    /// the lookups made before the handler runs and the router's own run share that one scan.
    public internal(set) var routing: Router.Resolution?

    /// A fault in the target (not an absolute path, or a path or query that does not decode to UTF-8
    /// without NUL); the router answers such a request with this 400 before any handler sees it.
    public let targetError: HTTPError?

    /// Parses the target. It never fails: a faulty target leaves `pathComponents` and `queryItems`
    /// empty and sets `targetError`, so the request can still be logged and its error rendered.
    public init(
        method: HTTPMethod,
        target: String,
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        remoteAddress: String = ""
    ) {
        let bytes = Array(target.utf8)
        let question = bytes.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = bytes[..<(question ?? bytes.endIndex)]
        let queryBytes = question.map { bytes[bytes.index(after: $0)...] }
        self.method = method
        self.target = target
        self.path = String(decoding: pathBytes, as: UTF8.self)
        self.rawQuery = queryBytes.map { String(decoding: $0, as: UTF8.self) }
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        switch Self.decode(path: pathBytes, query: queryBytes) {
        case .success(let (components, items)):
            self.pathComponents = components
            self.queryItems = items
            self.targetError = nil
        case .failure(let error):
            self.pathComponents = []
            self.queryItems = FormFields()
            self.targetError = error
        }
    }

    private static func decode(
        path: ArraySlice<UInt8>,
        query: ArraySlice<UInt8>?
    ) -> Result<([String], FormFields), HTTPError> {
        guard path.first == UInt8(ascii: "/") else {
            return .failure(
                HTTPError(.requestTarget, message: "The request target must be a path starting with \"/\".")
            )
        }
        let components: [String]
        do {
            components = try decodedComponents(of: path.dropFirst())
        } catch {
            return .failure(error)
        }
        guard let query else { return .success((components, FormFields())) }
        do {
            return .success((components, try URLEncodedForm.decode(query)))
        } catch {
            var httpError = error.httpError
            httpError.code = .requestQuery
            return .failure(httpError)
        }
    }

    /// The media type of the body, lowercased and without parameters (`application/json`); `nil` when
    /// there is no `Content-Type`.
    public var mediaType: String? {
        guard let contentType = headers["Content-Type"] else { return nil }
        let end = contentType.utf8.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex
        let type = contentType[..<end].trimmingASCIIWhitespace()
        // Nearly every client sends it lowercase already: no case mapping then.
        if !type.utf8.contains(where: { (0x41...0x5A).contains($0) }) { return String(type) }
        return type.lowercased()
    }

    /// Decodes the body as `application/x-www-form-urlencoded`, with one error per faulty field.
    public func formFields() throws(FormDecodingError) -> FormFields {
        try URLEncodedForm.decode(body)
    }

    /// Walks the path's bytes in place (no array of slices): this runs for every request.
    private static func decodedComponents(of path: ArraySlice<UInt8>) throws(HTTPError) -> [String] {
        guard !path.isEmpty else { return [] }
        let decoded = path.withUnsafeBufferPointer { bytes -> Result<[String], HTTPError> in
            var components: [String] = []
            components.reserveCapacity(8)
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                switch PercentDecoding.string(of: bytes[start..<end], plusIsSpace: false) {
                case .success(let text) where !text.utf8.contains(0):
                    components.append(text)
                case .success:
                    return .failure(
                        HTTPError(.requestPath, message: "The request path contains a NUL byte."))
                case .failure(let failure):
                    return .failure(HTTPError(.requestPath, message: "The request path \(failure)."))
                }
                start = end + 1
            }
            return .success(components)
        }
        return try decoded.get()
    }
}

extension Substring {
    /// Trims spaces and tabs, the only whitespace HTTP allows around header values and parameters.
    func trimmingASCIIWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
