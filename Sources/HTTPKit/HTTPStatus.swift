/// An HTTP status: the numeric code the client acts on and the reason phrase written on the status line.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit status code.
    public let code: Int
    /// The reason phrase; informative only, clients must not rely on it.
    public let reasonPhrase: String

    /// Makes a status; `reasonPhrase` defaults to the standard phrase of `code` when there is one.
    public init(code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? HTTPStatus.standardPhrase(for: code)
    }

    /// `"404 Not Found"`, the way the status line spells it.
    public var description: String { "\(code) \(reasonPhrase)" }

    /// Whether the status reports a client mistake (4xx).
    public var isClientError: Bool { (400..<500).contains(code) }

    /// Whether the status reports a server failure (5xx).
    public var isServerError: Bool { (500..<600).contains(code) }

    /// Whether a response with this status must not carry a body (1xx, 204, 304; RFC 9110 §6.4.1).
    public var forbidsBody: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

    /// 200.
    public static let ok = HTTPStatus(code: 200)
    /// 201.
    public static let created = HTTPStatus(code: 201)
    /// 202.
    public static let accepted = HTTPStatus(code: 202)
    /// 204.
    public static let noContent = HTTPStatus(code: 204)
    /// 301.
    public static let movedPermanently = HTTPStatus(code: 301)
    /// 302.
    public static let found = HTTPStatus(code: 302)
    /// 303.
    public static let seeOther = HTTPStatus(code: 303)
    /// 304.
    public static let notModified = HTTPStatus(code: 304)
    /// 307.
    public static let temporaryRedirect = HTTPStatus(code: 307)
    /// 400.
    public static let badRequest = HTTPStatus(code: 400)
    /// 401.
    public static let unauthorized = HTTPStatus(code: 401)
    /// 403.
    public static let forbidden = HTTPStatus(code: 403)
    /// 404.
    public static let notFound = HTTPStatus(code: 404)
    /// 405.
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// 406.
    public static let notAcceptable = HTTPStatus(code: 406)
    /// 409.
    public static let conflict = HTTPStatus(code: 409)
    /// 410.
    public static let gone = HTTPStatus(code: 410)
    /// 411.
    public static let lengthRequired = HTTPStatus(code: 411)
    /// 412.
    public static let preconditionFailed = HTTPStatus(code: 412)
    /// 413.
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// 414.
    public static let uriTooLong = HTTPStatus(code: 414)
    /// 415.
    public static let unsupportedMediaType = HTTPStatus(code: 415)
    /// 421: the request reached a server that does not answer for its host.
    public static let misdirectedRequest = HTTPStatus(code: 421)
    /// 422.
    public static let unprocessableContent = HTTPStatus(code: 422)
    /// 428.
    public static let preconditionRequired = HTTPStatus(code: 428)
    /// 429.
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 500.
    public static let internalServerError = HTTPStatus(code: 500)
    /// 501.
    public static let notImplemented = HTTPStatus(code: 501)
    /// 503.
    public static let serviceUnavailable = HTTPStatus(code: 503)
    /// 507: the server has no room to store the request (a full disk).
    public static let insufficientStorage = HTTPStatus(code: 507)

    private static func standardPhrase(for code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 507: "Insufficient Storage"
        default: "Status \(code)"
        }
    }
}
