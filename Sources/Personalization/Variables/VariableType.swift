/// What a variable holds, which decides the values accepted and its worst case.
public enum VariableType: String, Sendable, Hashable, CaseIterable {
    /// Text in declared scripts, at most `maxLength` characters.
    case text
    /// A JSON number (or its text), written as its literal.
    case number
    /// A date: ISO 8601 text or UNIX seconds (`CalendarDate`).
    case date
    /// An absolute `http`/`https` URL.
    case url = "URL"

    /// The maximum length, in characters, when the declaration gives none; text has none and
    /// must declare it.
    var defaultMaxLength: Int? {
        switch self {
        case .text: nil
        case .number: 15
        case .date: 25
        case .url: 256
        }
    }
}
