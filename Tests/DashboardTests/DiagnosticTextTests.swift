import Testing

@testable import Dashboard

/// Quoted values in a diagnostic's message are Unicode isolates on the page.
@Suite struct DiagnosticTextTests {
    @Test(arguments: [
        (#"after "…في متجرنا…" (21 shown"#, "after \"\u{2068}…في متجرنا…\u{2069}\" (21 shown"),
        (#"category "רשימה" and "list""#, "category \"\u{2068}רשימה\u{2069}\" and \"\u{2068}list\u{2069}\""),
        (#"an odd "one" and a lone " quote"#, "an odd \"\u{2068}one\u{2069}\" and a lone \" quote"),
        (#""""#, "\"\u{2068}\u{2069}\""),
        ("no quotes at all", "no quotes at all"),
        (#"one " only"#, #"one " only"#),
    ])
    func quotedTextIsIsolated(message: String, shown: String) {
        #expect(DiagnosticText.isolatingQuotes(message) == shown)
    }
}
