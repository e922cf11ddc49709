import Foundation
import HTTPKit
import NotificationKit
import Testing

@testable import Dashboard

/// The API's `device=all` text picture is read in terminals (`curl -H 'Accept: text/plain'`):
/// the payload text it quotes comes out through the one terminal escaper.
struct PreviewTableEscapeTests {
    @Test func deviceAllTextShowsControlsAndBidiControlsAsEscapes() throws {
        let chunk = #"x\u001b\u0007\u009b\u202e\u2066"#
        let title = String(repeating: chunk, count: 40)
        let body = #"{"aps":{"alert":{"title":"\#(title)","body":"\#(title)"}}}"#
        let response = try DashboardFixture().send(
            .post, "/api/v1/preview?device=all", body: body, headers: ["Accept": "text/plain"])
        #expect(response.status == .ok)
        let text = DashboardFixture.text(response)
        let raw = text.unicodeScalars.filter { $0 != "\n" && String.isTerminalControl($0) }
        #expect(raw.isEmpty, "raw controls: \(raw.map { String($0.value, radix: 16) })")
        for escape in ["\\u{1B}", "\\u{7}", "\\u{9B}", "\\u{202E}", "\\u{2066}"] {
            #expect(text.contains(escape), "\(escape)")
        }
    }
}
