/// An error that knows which HTTP error it stands for, so a handler can let it propagate and the router
/// still answers with the right 4xx instead of a 500.
public protocol HTTPErrorConvertible: Error {
    /// The HTTP error to answer with.
    var httpError: HTTPError { get }
}

extension HTTPError: HTTPErrorConvertible {
    /// The error itself.
    public var httpError: HTTPError { self }
}
