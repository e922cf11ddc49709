/// The values a request path gave to the `{name}` segments of the matched route, already percent-decoded.
public struct RouteParameters: Sendable, Equatable {
    private var values: [(name: String, value: String)]

    /// Makes parameters from `(name, value)` pairs (handlers under test can build their own).
    public init(_ values: [(name: String, value: String)] = []) {
        self.values = values
    }

    /// The value of `{name}`, or `nil` when the route has no such parameter.
    public subscript(name: String) -> String? {
        values.first { $0.name == name }?.value
    }

    /// The value of `{name}`; a missing one is a bug in the route table, answered as a 500.
    public func require(_ name: String) throws(HTTPError) -> String {
        guard let value = self[name] else {
            throw HTTPError(.internalServerError, message: "The route has no parameter named \(name).")
        }
        return value
    }

    /// The parameter names in pattern order.
    public var names: [String] { values.map(\.name) }

    /// Equal when the same names have the same values in the same order.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.values.elementsEqual(rhs.values) { $0.name == $1.name && $0.value == $1.value }
    }
}
