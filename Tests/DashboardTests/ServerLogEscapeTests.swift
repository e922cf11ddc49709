import Testing

@testable import Dashboard

/// The combined-format log is read in terminals: an error message quoting a request path with a
/// decoded ESC or U+202E shows them as escapes, through the one escaper.
struct ServerLogEscapeTests {
    @Test func combinedEventsShowControlsAndBidiControlsAsEscapes() {
        let line = ServerLog.combinedLine("GET /a\u{1B}]0;x\u{7}\u{9B}\u{202E}\u{2066}: failed")
        #expect(line == "pushboard: GET /a\\u{1B}]0;x\\u{7}\\u{9B}\\u{202E}\\u{2066}: failed")
    }
}
