import Foundation

/// The search index of saved notifications on PostgreSQL, finding what SQLite's FTS5 index
/// finds (`NotificationSearch`): every word of the search at the start of a word of the name,
/// title, subtitle or body, case and accents ignored.
///
/// PostgreSQL's own full-text search stems words and its accent removal (`unaccent`) is an
/// extension a hosted database may not allow, so neither matches FTS5's `unicode61
/// remove_diacritics` tokenizer. Instead each live notification has one row of
/// `notification_search` whose `words` is its four fields, folded here (lower case, no accents)
/// and split into words as FTS5 splits them, each field on a line of its own with every word
/// after one space: `" sleva\n\n\n jen dnes\n"`. A search word is then a `LIKE` pattern,
/// `"% jen d%"`: a space before it makes it the start of a word, the words of a phrase follow
/// one another on one line. Words hold only letters and digits, so no pattern character needs
/// escaping. Matching scans the table: fine for the thousands of notifications a workspace has.
enum PostgresNotificationSearch {
    /// The `SELECT search_rowid …` of the rows matching `search` and its bound values.
    static func matching(_ search: NotificationSearch) -> (String, [SQLValue]) {
        let patterns = search.words.map { word in "% " + folded(String(word)).joined(separator: " ") + "%" }
        let conditions = patterns.map { _ in "words LIKE ?" }.joined(separator: " AND ")
        return (
            "SELECT search_rowid FROM notification_search WHERE \(conditions)", patterns.map(SQLValue.text)
        )
    }

    /// Writes the index row of notification `id` (whose `search_rowid` is already drawn).
    static func index(id: String, in connection: any SQLSession) throws {
        guard
            let (rowid, name, payload) = try connection.queryFirst(
                "SELECT search_rowid, name, payload FROM notifications WHERE id = ?", [.text(id)],
                row: { ($0.integer(0), $0.text(1), $0.text(2)) })
        else { return }
        let fields = [name] + alertFields(of: payload)
        let words = fields.map { field in folded(field).map { " " + $0 }.joined() + "\n" }.joined()
        try connection.run(
            "INSERT INTO notification_search (search_rowid, words) VALUES (?, ?)",
            [.integer(rowid), .text(words)])
    }

    /// `text` in lower case without accents, split into its words: runs of letters and digits,
    /// everything else separating them (as FTS5's `unicode61` tokenizer does).
    static func folded(_ text: String) -> [Substring] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !($0.isLetter || $0.isNumber) }
    }

    /// The alert's title, subtitle and body ("" where absent), as `Schema.searchedText` reads
    /// them: the alert itself as the body when it is a string; nothing when the payload is not
    /// JSON or the alert is neither a string nor an object.
    static func alertFields(of payload: String) -> [String] {
        let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8), options: [.fragmentsAllowed])
        let alert = ((object as? [String: Any])?["aps"] as? [String: Any])?["alert"]
        if let body = alert as? String { return ["", "", body] }
        guard let alert = alert as? [String: Any] else { return ["", "", ""] }
        return ["title", "subtitle", "body"].map { key in
            switch alert[key] {
            case let text as String: text
            case let number as NSNumber: number.stringValue
            default: ""
            }
        }
    }
}
