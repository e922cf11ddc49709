import Testing

@testable import NotificationKit

/// Issue 12: text for terminals shows controls and bidi overrides as escapes; JSON stays exact;
/// header values that were not valid UTF-8 are refused like the exports refuse them.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("c\u{1B}]0;PWNED\u{07}", #"c\u{1B}]0;PWNED\u{7}"#),
        ("a\u{202E}b\u{2066}c", #"a\u{202E}b\u{2066}c"#),
        ("nul\u{0}del\u{7F}c1\u{85}", #"nul\u{0}del\u{7F}c1\u{85}"#),
        ("Nová zpráva 🎉", "Nová zpráva 🎉"),
    ])
    func controlsBecomeVisibleEscapes(raw: String, shown: String) {
        #expect(raw.terminalSafe == shown)
        #expect(raw.terminalSafe.terminalSafe == shown)
    }

    @Test func theTextReportHasNoRawControlAndTheJSONReportIsExact() {
        let payload = #"{"aps":{"alert":"x","category":"c\u001b]0;PWNED\u0007","bad\u202ekey":1}}"#
        let report = Validator(categoryIdentifiers: ["message"]).validate(payload: Array(payload.utf8))
        let text = report.text(file: "in\u{1B}.json")
        #expect(!text.unicodeScalars.contains { String.isTerminalControl($0) && $0 != "\n" })
        #expect(text.contains(#"\u{1B}"#))
        #expect(report.json().contains(#"\u001b"#))
        #expect(report.json().contains("\u{202E}"))
    }

    @Test(arguments: ["ab\u{FFFD}", "\u{FFFD}"])
    func headerValuesThatWereNotUTF8AreInvalid(value: String) {
        let report = Validator().validate(
            payload: Array(#"{"aps":{"alert":"x"}}"#.utf8), headers: ["apns-collapse-id": value])
        #expect(!report.valid)
        #expect(
            report.diagnostics.contains {
                $0.code == "header.value.invalid" && $0.path == "header:apns-collapse-id"
            })
    }
}
