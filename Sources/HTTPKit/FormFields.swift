/// Decoded `name=value` pairs of a query string or an `application/x-www-form-urlencoded` body, in the
/// order sent and with repeated names kept (checkbox groups, multi-selects).
public struct FormFields: Sendable, Equatable, Sequence {
    /// One decoded pair.
    public struct Field: Sendable, Equatable {
        /// The decoded field name.
        public var name: String
        /// The decoded value; empty for `name=` and for a bare `name`.
        public var value: String

        /// Makes a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The pairs, in order.
    public private(set) var fields: [Field]

    /// Makes a list of pairs.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// The first value of `name` (names are case-sensitive); `nil` when absent.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The number of pairs.
    public var count: Int { fields.count }

    /// Whether there are no pairs.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the pairs in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
