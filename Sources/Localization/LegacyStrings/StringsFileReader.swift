/// Reads a `Localizable.strings` file (the old-style property list of key–value pairs):
/// `/* … */` and `//` comments, `"quoted"` and unquoted keys and values, the escapes
/// `\n \t \r \" \\ \' \Uxxxx \uxxxx` and octal, and `"key";` meaning the key is its own text.
/// A file that does not read is refused with the line and column of the fault.
public struct StringsFileReader: Sendable {
    /// One pair of the file, with the comment written before it.
    public struct Pair: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The text.
        public var value: String
        /// The comment just before the pair, trimmed, when there is one.
        public var comment: String?
    }

    /// A reader.
    public init() {}

    /// The pairs of the file `bytes`, in order; `file` names it in problems.
    public func read(_ bytes: [UInt8], file: String? = nil) throws(CatalogReadError) -> [Pair] {
        guard let text = StringsFileText.decode(bytes) else {
            throw CatalogReadError([
                CatalogProblem(
                    file: file, line: 1, column: 1,
                    message: "the file is neither UTF-8 nor UTF-16 with a byte order mark")
            ])
        }
        var scanner = StringsScanner(text, file: file)
        var pairs: [Pair] = []
        while true {
            let comment = try scanner.skipSpaceAndComments()
            guard !scanner.atEnd else { return pairs }
            let key = try scanner.token("a key")
            try scanner.skipSpaceAndComments()
            if scanner.take(";") {
                pairs.append(Pair(key: key, value: key, comment: comment))
                continue
            }
            try scanner.expect("=", "after the key \"\(key)\"")
            try scanner.skipSpaceAndComments()
            let value = try scanner.token("the text of \"\(key)\"")
            try scanner.skipSpaceAndComments()
            try scanner.expect(";", "after the text of \"\(key)\"")
            pairs.append(Pair(key: key, value: value, comment: comment))
        }
    }
}
