/// An error a handler throws to answer with a status and a message that is safe to show the client.
///
/// The router turns it into a response through the error renderer given at build time, so the same
/// error becomes an HTML page for a browser and `{"error":{"code","message"}}` for the API. Its code
/// and status come from one row of `APIErrorCode`'s table, so every answer's code is documented.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The table row: the code clients read and the status the response gets.
    public var code: APIErrorCode
    /// A message for the client: it must not leak internals (paths, SQL, stack traces).
    public var message: String
    /// Headers the response must carry, for example `Allow` on a 405.
    public var headers: HTTPHeaders

    /// Makes an error of `code`; `message` defaults to the table's message for it.
    public init(_ code: APIErrorCode, message: String? = nil, headers: HTTPHeaders = [:]) {
        self.code = code
        self.message = message ?? code.message
        self.headers = headers
    }

    /// The status the response gets: the code's, from the table.
    public var status: HTTPStatus { code.status }

    /// `404 Not Found: message`, for logs.
    public var description: String { "\(status): \(message)" }

    /// 404 for a path nothing answers.
    public static func notFound(_ message: String = "There is nothing at this address.") -> HTTPError {
        HTTPError(.notFound, message: message)
    }
}
