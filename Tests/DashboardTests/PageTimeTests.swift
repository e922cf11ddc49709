import Templates
import Testing

@testable import Dashboard

/// Stored timestamps as the admin pages show them: readable words, the ISO text kept for
/// `<time datetime>`, anything else shown as it is.
@Suite struct PageTimeTests {
    @Test(arguments: [
        ("2026-11-29T21:32:52.123Z", "29 Nov 2026, 21:32 UTC"),
        ("2026-01-05T07:04Z", "5 Jan 2026, 07:04 UTC"),
        ("2026-12-31T23:59:59.999Z", "31 Dec 2026, 23:59 UTC"),
    ])
    func storedTimestampsReadAsWords(stamp: String, text: String) {
        #expect(PageTime.readable(stamp) == text)
        #expect(PageTime.value(stamp) == ["datetime": .string(stamp), "text": .string(text)])
    }

    @Test(arguments: ["never", "", "2026-13-01T00:00:00Z", "2026-11-29 21:32 UTC", "2026-11-29T21:32:52"])
    func otherTextIsShownAsItIs(text: String) {
        #expect(PageTime.readable(text) == nil)
        #expect(PageTime.value(text) == ["datetime": .string(""), "text": .string(text)])
    }
}
