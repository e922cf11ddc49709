import NotificationKit
import Testing

@testable import NotificationPreview

/// The matrix table goes to a terminal (`preview --device all --format table`, the API's
/// `device=all` text picture): the payload text it quotes is shown through the one escaper.
struct MatrixTerminalTests {
    /// ESC, BEL, a C1 control (CSI), RIGHT-TO-LEFT OVERRIDE and LEFT-TO-RIGHT ISOLATE, repeated so
    /// that every cut tail (12 characters) holds each of them.
    static let hostile = String(repeating: "x\u{1B}\u{7}\u{9B}\u{202E}\u{2066}", count: 40)

    @Test func theTableShowsControlsAndBidiControlsAsVisibleEscapes() {
        let table = PreviewMatrix(PreviewContent(title: .plain(Self.hostile), body: .plain(Self.hostile)))
            .table()
        let raw = table.unicodeScalars.filter { $0 != "\n" && String.isTerminalControl($0) }
        #expect(raw.isEmpty, "raw controls: \(raw.map { String($0.value, radix: 16) })")
        for escape in ["\\u{1B}", "\\u{7}", "\\u{9B}", "\\u{202E}", "\\u{2066}"] {
            #expect(table.contains(escape), "\(escape)")
        }
    }
}
