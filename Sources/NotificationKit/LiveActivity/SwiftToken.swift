/// One token of Swift source as the activity type importer reads it: enough of Swift's lexical
/// grammar for type declarations, with the line of each token for error messages.
struct SwiftToken: Sendable, Hashable {
    /// What kind of token.
    enum Kind: Sendable, Hashable {
        /// An identifier or keyword (`struct`, `ContentState`, `` `default` `` unquoted), or a
        /// pound keyword with its `#` (`#if`, `#warning`, `#Preview`).
        case identifier
        /// A string literal; `text` is its decoded contents.
        case string
        /// A number literal, as written.
        case number
        /// One punctuation character (`{`, `:`, `?`, `=`, …) or an operator run.
        case punctuation
    }

    /// The token's kind.
    var kind: Kind
    /// The token text (a string literal's contents without quotes).
    var text: String
    /// 1-based line where the token starts.
    var line: Int
    /// 1-based line where the token ends (a multi-line string's closing `"""`).
    var endLine: Int

    /// A token of `kind` from `line` to `endLine` (the same line unless given).
    init(kind: Kind, text: String, line: Int, endLine: Int? = nil) {
        self.kind = kind
        self.text = text
        self.line = line
        self.endLine = endLine ?? line
    }

    /// True when this is the identifier or punctuation `text`.
    func `is`(_ text: String) -> Bool {
        kind != .string && self.text == text
    }
}

/// Why Swift source could not be split into tokens.
struct SwiftTokenError: Error, Sendable, Hashable {
    /// What is wrong.
    var message: String
    /// 1-based line.
    var line: Int
}
