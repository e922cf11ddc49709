import NotificationKit
import Testing

@testable import MediaCheck

/// `media-check`'s text output quotes the URL as typed and messages that quote it: both go
/// through the one terminal escaper, bidi controls included.
struct MediaReportTextTests {
    @Test func controlsAndBidiControlsInTheURLAreShownAsEscapes() {
        let url = "https://example.com/\u{1B}]0;x\u{7}\u{9B}\u{202E}gpj.exe\u{2066}"
        let text = MediaChecker().run(url).text
        let raw = text.unicodeScalars.filter { $0 != "\n" && String.isTerminalControl($0) }
        #expect(raw.isEmpty, "raw controls: \(raw.map { String($0.value, radix: 16) })")
        for escape in ["\\u{1B}", "\\u{7}", "\\u{9B}", "\\u{202E}", "\\u{2066}"] {
            #expect(text.contains(escape), "\(escape)")
        }
    }
}
