/// A mistake in the route table found while building the router (a malformed pattern, a route given
/// twice), reported at start instead of surfacing as a wrong answer later.
public struct RouterBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and where.
    public let message: String

    /// Makes an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
