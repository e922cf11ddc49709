/// An error a handler throws to answer with a status and a message that is safe to show the client.
///
/// The router turns it into a response through the error renderer given at build time, so the same
/// error becomes an HTML page for a browser and `{"error":{"code","message"}}` for the API.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status the response gets.
    public var status: HTTPStatus
    /// A message for the client: it must not leak internals (paths, SQL, stack traces).
    public var message: String
    /// A stable machine-readable code for API clients, for example `not-found`; `nil` uses the default.
    public var code: String?
    /// Headers the response must carry, for example `Allow` on a 405.
    public var headers: HTTPHeaders

    /// Makes an error; `message` defaults to the status's reason phrase.
    public init(_ status: HTTPStatus, message: String? = nil, code: String? = nil, headers: HTTPHeaders = [:])
    {
        self.status = status
        self.message = message ?? status.reasonPhrase
        self.code = code
        self.headers = headers
    }

    /// The given code, or one derived from the reason phrase (`Not Found` → `not-found`), so every error
    /// rendered for the API has a code.
    public var resolvedCode: String {
        if let code { return code }
        return status.reasonPhrase.lowercased().split(separator: " ").joined(separator: "-")
    }

    /// `404 Not Found: message`, for logs.
    public var description: String { "\(status): \(message)" }

    /// 400 with a message naming what was wrong.
    public static func badRequest(_ message: String, code: String? = nil) -> HTTPError {
        HTTPError(.badRequest, message: message, code: code)
    }

    /// 404 for a path nothing answers.
    public static func notFound(_ message: String = "There is nothing at this address.") -> HTTPError {
        HTTPError(.notFound, message: message)
    }
}
