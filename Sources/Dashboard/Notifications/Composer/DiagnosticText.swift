/// How a diagnostic's message is shown on a page.
enum DiagnosticText {
    /// `message` with the text inside each pair of straight double quotes set between Unicode
    /// isolates (FSI … PDI). A quoted value in Hebrew or Arabic — a category name, or the last
    /// characters a `preview.cut` info quotes — is then laid out on its own: in its own
    /// direction, with its "…" at its own ends, and without pulling the closing quote and the
    /// English after it into its right-to-left run. Only for pages: the API and the terminal
    /// keep the message as the validator wrote it (pipelines compare it; terminals would show
    /// the isolates as escapes). A last quote without a partner is left as it is.
    static func isolatingQuotes(_ message: String) -> String {
        let quotes = message.indices.filter { message[$0] == "\"" }
        guard quotes.count >= 2 else { return message }
        var shown = ""
        shown.reserveCapacity(message.utf8.count + quotes.count * 3)
        var copied = message.startIndex
        for pair in stride(from: 0, to: quotes.count - 1, by: 2) {
            let opening = quotes[pair]
            let closing = quotes[pair + 1]
            shown += message[copied...opening]
            shown += "\u{2068}"
            shown += message[message.index(after: opening)..<closing]
            shown += "\u{2069}"
            copied = closing
        }
        shown += message[copied...]
        return shown
    }
}
