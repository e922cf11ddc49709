/// Where a JSON value sits in the exact bytes it was read from, so diagnostics can point at
/// line and column and sizes are counted on the bytes, never on characters.
public struct JSONSpan: Sendable, Hashable {
    /// Byte offset of the first byte of the value (0-based).
    public var start: Int
    /// Byte offset one past the last byte of the value.
    public var end: Int
    /// 1-based line of `start`.
    public var line: Int
    /// 1-based column of `start`, counted in Unicode scalars from the start of the line.
    public var column: Int

    public init(start: Int, end: Int, line: Int, column: Int) {
        self.start = start
        self.end = end
        self.line = line
        self.column = column
    }
}

/// A JSON number kept as its literal text, so exports reproduce it exactly and range checks
/// (integers, `relevance-score` in 0...1) are done on the value the client actually wrote.
public struct JSONNumber: Sendable, Hashable {
    /// The number exactly as written, for example `-1`, `0.5`, `1e3`.
    public var literal: String
    /// True when the literal has no fraction and no exponent.
    public var isInteger: Bool
    /// The value as a double (always finite: the reader rejects out-of-range literals).
    public var doubleValue: Double
    /// The value as an integer, when it is one and fits in `Int64`.
    public var int64Value: Int64?

    public init(literal: String, isInteger: Bool, doubleValue: Double, int64Value: Int64?) {
        self.literal = literal
        self.isInteger = isInteger
        self.doubleValue = doubleValue
        self.int64Value = int64Value
    }
}

/// One JSON value with its place in the source text.
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    public var span: JSONSpan

    public init(_ value: JSONValue, span: JSONSpan) {
        self.value = value
        self.span = span
    }
}

/// One member of a JSON object; members keep their source order.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var keySpan: JSONSpan
    public var value: JSONNode

    public init(key: String, keySpan: JSONSpan, value: JSONNode) {
        self.key = key
        self.keySpan = keySpan
        self.value = value
    }
}

/// The tree the strict reader produces. Objects keep their members in order (duplicates are
/// rejected by the reader), so writing a tree back reproduces the client's key order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}
