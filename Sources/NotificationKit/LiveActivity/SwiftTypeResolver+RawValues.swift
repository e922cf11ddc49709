/// The raw values of a `String` or integer raw-value enum, as Swift assigns them.
extension SwiftTypeResolver {
    /// The raw values of `syntax`, counting integers on from the last written one.
    func rawValues(_ syntax: SwiftEnumSyntax, _ raw: ActivityEnumType.RawType) throws(SwiftImportError)
        -> ActivityEnumType
    {
        var values: [String] = []
        // The implicit raw value of the next case; nil after `Int.max`, which has none.
        var next: Int? = 0
        for entry in syntax.cases {
            if !entry.associated.isEmpty {
                throw failure(
                    .swiftSyntax, entry.line, "case `\(entry.name)` has associated values and a raw type")
            }
            switch (raw, entry.rawValue) {
            case (.string, nil): values.append(entry.name)
            case (.string, let token?) where token.kind == .string: values.append(token.text)
            case (.int, nil):
                guard let value = next else {
                    throw failure(
                        .swiftRawValueRange, entry.line,
                        "case `\(entry.name)` follows Int.max and has no value")
                }
                values.append(String(value))
                next = Self.successor(of: value)
            case (.int, let token?) where token.kind == .number && Int(token.text) != nil:
                let number = Int(token.text) ?? 0
                values.append(String(number))
                next = Self.successor(of: number)
            case (.int, let token?) where token.kind == .number && Self.isInteger(token.text):
                throw failure(
                    .swiftRawValueRange, entry.line,
                    "case `\(entry.name)` has the raw value \(token.text), which does not fit in Int")
            default:
                throw failure(
                    .swiftSyntax, entry.line,
                    "case `\(entry.name)` has a raw value that is not a \(raw.rawValue)")
            }
        }
        return ActivityEnumType(name: syntax.name, rawType: raw, rawValues: values)
    }

    /// The implicit raw value after `value`, or nil past `Int.max` (where `+ 1` would trap).
    private static func successor(of value: Int) -> Int? {
        let (sum, overflow) = value.addingReportingOverflow(1)
        return overflow ? nil : sum
    }

    /// True for an integer literal as written (`-` and digits), whatever its size.
    private static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    }
}
