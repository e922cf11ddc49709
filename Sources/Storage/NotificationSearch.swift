import Foundation

/// What a search of the saved notifications looks for: every word of the text, each at the
/// start of a word of the name, title, subtitle or body, case and accents ignored ("sleva dnes"
/// finds a title "Sléva" with a body "jen dnes"; "kin" finds "Kino").
///
/// It is matched by the FTS5 index of `Schema.notificationSearch`. Each word becomes a quoted
/// prefix phrase (`"word"*`), so nothing a person types is read as FTS5 syntax; punctuation
/// inside a word splits it as it splits the indexed text ("o'clock" is "o" then "clock"), and
/// control characters separate words like spaces.
public struct NotificationSearch: Equatable, Sendable {
    /// The longest text searched; the rest is ignored (a search is a few words, and every word
    /// costs a lookup in the index).
    public static let maximumLength = 200

    /// The text as typed, trimmed and cut to `maximumLength`.
    public let text: String
    /// The FTS5 query, or nil when no word of `text` has a letter or digit (nothing can match).
    let expression: String?
    /// The words searched for, each with a letter or digit (PostgreSQL's index matches them).
    let words: [Substring]

    /// The search for `text`.
    public init(_ text: String) {
        self.text = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.maximumLength))
        let words = self.text.split(whereSeparator: Self.separatesWords).filter { word in
            word.contains { $0.isLetter || $0.isNumber }
        }
        self.words = words
        expression = words.isEmpty ? nil : words.map(Self.prefixPhrase).joined(separator: " ")
    }

    /// White space, and control characters: FTS5 reads a NUL as the end of the query, so one
    /// inside a quoted word was a syntax error (found by schemathesis, answered 500).
    private static func separatesWords(_ character: Character) -> Bool {
        character.isWhitespace
            || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `word` as an FTS5 prefix phrase: quoted (a quote inside doubled), then `*`.
    private static func prefixPhrase(_ word: Substring) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
    }

    /// True when there is nothing to search for: the whole list is meant.
    public var isEmpty: Bool { text.isEmpty }
}
