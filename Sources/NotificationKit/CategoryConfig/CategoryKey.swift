/// A category identifier as iOS compares it: byte for byte, as a literal `NSString`. The one
/// rule for "do two identifiers match", used by the registry, the validator, the preview and the
/// forms alike.
///
/// Swift's `String ==` uses canonical equivalence and would call NFC "é" and NFD "e\u{301}" the
/// same identifier; iOS does not, so neither does this key.
public struct CategoryKey: Sendable, Hashable {
    /// The identifier's exact UTF-8 bytes.
    public let bytes: [UInt8]

    /// The key of `identifier`.
    public init(_ identifier: String) {
        bytes = Array(identifier.utf8)
    }

    /// The key of `identifier` with letters lowercased, for "differs only in case" findings.
    public static func folded(_ identifier: String) -> CategoryKey {
        CategoryKey(identifier.lowercased())
    }

    /// Whether two identifiers are the same identifier to iOS.
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }
}
