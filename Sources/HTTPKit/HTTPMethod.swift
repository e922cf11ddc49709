/// An HTTP request method, kept as the exact token the client sent so that unknown methods can still be
/// answered with 405 instead of being rejected before routing.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token, for example `GET`; tokens are case-sensitive (RFC 9110 §9.1).
    public let rawValue: String

    /// Wraps a method token as sent on the request line.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: like `GET` without the body; the router answers it with the `GET` route.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: submit a form or a payload.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: ask which methods a resource allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// The token itself, so methods print the way they appear on the wire.
    public var description: String { rawValue }
}
