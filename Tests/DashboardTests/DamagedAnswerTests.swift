import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// Issue 23 item 12: under `--allow-damaged`, a read that meets a damaged page is a 503 naming
/// the damage (it was a 500), and the start-up warnings are lines (they ran together, joined by a
/// literal `\u{A}`).
struct DamagedAnswerTests {
    @Test(arguments: [11, 26])  // SQLITE_CORRUPT, SQLITE_NOTADB
    func aDamagedPageIsA503NamingTheDamage(code: Int32) {
        let error = StorageError.sqlite(
            code: code, message: "database disk image is malformed", context: "read")
        #expect(error.httpError.status == .serviceUnavailable)
        #expect(error.httpError.code.identifier == "storage.damaged")
    }

    @Test func eachStartUpWarningIsOneLineWithItsTextEscaped() {
        let line = UnreadableRecords.logLine("stored category \"a\u{1B}b\" no longer reads")
        #expect(line == "pushboard: stored category \"a\\u{1B}b\" no longer reads\n")
        #expect(!line.contains("\\u{A}"))
    }
}
