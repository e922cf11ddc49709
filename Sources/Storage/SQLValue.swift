/// A value bound to a `?` parameter of a prepared statement. Input reaches SQL only this way,
/// never by building SQL text, so no user string can change what a statement does.
public enum SQLValue: Equatable, Sendable {
    /// UTF-8 text, bound with its exact byte length (embedded NULs and all).
    case text(String)
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE double.
    case real(Double)
    /// Raw bytes; an empty array is stored as an empty blob, not NULL.
    case blob([UInt8])
    /// SQL NULL.
    case null

    /// Binds an `Int` without a cast at every call site.
    public static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }

    /// Binds text or NULL, for optional columns.
    public static func optionalText(_ value: String?) -> SQLValue {
        value.map(SQLValue.text) ?? .null
    }
}
