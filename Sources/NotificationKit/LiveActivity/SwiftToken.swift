/// One token of Swift source as the activity type importer reads it: enough of Swift's lexical
/// grammar for type declarations, with the line of each token for error messages.
struct SwiftToken: Sendable, Hashable {
    /// What kind of token.
    enum Kind: Sendable, Hashable {
        /// An identifier or keyword (`struct`, `ContentState`, `` `default` `` unquoted).
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
