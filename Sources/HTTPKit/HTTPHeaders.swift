/// Header fields in the order they were sent or added, looked up case-insensitively, with repeated names
/// kept (for example several `Set-Cookie`).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as written: the name keeps its original case.
    public struct Field: Sendable, Equatable {
        /// The field name as written.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Makes a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        /// Whether the field is called `name`, compared case-insensitively as HTTP requires.
        public func isNamed(_ name: String) -> Bool {
            HTTPHeaders.matches(self.name, name)
        }
    }

    private var fields: [Field]

    /// Makes an empty header list.
    public init() {
        fields = []
    }

    /// Makes a header list from `(name, value)` pairs, keeping their order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Lets tests and handlers write `["Content-Type": "text/plain"]`.
    ///
    /// A list written with fields is nearly always a response's, which gains the security
    /// headers, the request id and `Vary` on its way out: it gets room for a dozen more, where
    /// growing it one append at a time reallocated it two or three times per response. (`[:]`,
    /// the default of many parameters that stay empty, allocates nothing.)
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = []
        if !elements.isEmpty { fields.reserveCapacity(elements.count + 12) }
        for (name, value) in elements {
            fields.append(Field(name: name, value: value))
        }
    }

    /// The number of fields, repeated names counted each time.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value of `name`, compared case-insensitively; `nil` when absent.
    public subscript(name: String) -> String? {
        // By index, so no field is copied (two strings retained and released) per comparison.
        for index in fields.indices where Self.matches(fields[index].name, name) {
            return fields[index].value
        }
        return nil
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.matches($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.indices.contains { Self.matches(fields[$0].name, name) }
    }

    /// Makes room for `count` fields, so a request's headers are collected without regrowing.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Appends a field, keeping fields of the same name (use for `Set-Cookie`, `Vary`, …).
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` with one field, so a header cannot be sent twice by mistake.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named like one of `replacements` with those fields, in one pass:
    /// the same result as calling `replaceOrAdd(name:value:)` for each in order.
    public mutating func replaceOrAdd(_ replacements: [Field]) {
        let replaced = { (field: Field) in replacements.contains { Self.matches(field.name, $0.name) } }
        // Looked for before removing: `removeAll` takes the fields for writing (copying them when
        // they are shared) even when it removes nothing.
        if fields.contains(where: replaced) { fields.removeAll(where: replaced) }
        // Room for the one or two fields usually added after (a request id, `Vary`): growing
        // a response's fields one append at a time reallocated them three times.
        fields.reserveCapacity(fields.count + replacements.count + 2)
        fields.append(contentsOf: replacements)
    }

    /// Removes every field named `name` (without taking the fields for writing when there is none).
    public mutating func remove(name: String) {
        guard contains(name) else { return }
        fields.removeAll { Self.matches($0.name, name) }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// Header names are ASCII tokens; comparing their UTF-8 bytes case-folded avoids Unicode case mapping.
    ///
    /// Compared on contiguous bytes (`withUTF8`, which for the small strings most header names
    /// are reads them from a copy on the stack): every header lookup runs this once per field,
    /// and iterating the UTF-8 views, the fallback `utf8.withContiguousStorageIfAvailable` takes
    /// for small strings, cost ~200 instructions a field.
    ///
    /// The length check is inlined into every lookup (most fields differ in length from the name
    /// looked for); only names of equal length are compared byte by byte, out of line.
    @inline(__always)
    static func matches(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && sameFoldedBytes(lhs, rhs)
    }

    /// `matches` for two names of equal length.
    @inline(never)
    private static func sameFoldedBytes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in matches(left, right) } }
    }

    /// The byte form of `matches`, for buffers of equal length.
    private static func matches(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        for position in 0..<left.count {
            let a = left[position]
            let b = right[position]
            if a != b && asciiLowercased(a) != asciiLowercased(b) { return false }
        }
        return true
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
