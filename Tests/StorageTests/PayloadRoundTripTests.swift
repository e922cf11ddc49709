import Foundation
import Testing

@testable import Storage

/// The payload is stored as the exact text the user saved: its UTF-8 bytes are the size APNs
/// counts, so not one byte may change (no normalization, no escaping, no trimming).
@Suite struct PayloadRoundTripTests {
    static let texts: [String] = [
        #"{"aps":{"alert":{"title":"Nová zpráva","body":"Příliš žluťoučký kůň úpěl ďábelské ódy"}}}"#,
        #"{"aps":{"alert":"Tiếng Việt: Chào bạn! Hôm nay trời đẹp quá, đi uống cà phê không?"}}"#,
        #"{"aps":{"alert":"👩‍👩‍👧‍👦 🇨🇿 🇻🇳 ❤️ 1️⃣"}}"#,
        #"{"aps":{"alert":"escaped NUL \u0000 and \ud83d\ude00 stay as text"}}"#,
        "{\"aps\":{\"alert\":\"Cafe\u{301} (NFD) is not Café (NFC)\"}}",
        "{\r\n  \"aps\" : { },\t\"trailing\":\"space\" }  \n",
        "{\"raw\":\"a real NUL \u{0} inside\"}",
        "",
        #"'); DROP TABLE notifications; --"#,
        #"" OR 1=1 --"#,
        "Robert'); DELETE FROM notification_revisions WHERE ('1'='1",
    ]

    @Test(arguments: texts)
    func payloadHeadersAndNameRoundTripByteForByte(_ text: String) throws {
        let directory = try TemporaryDirectory()
        let opened = try Store(directory: directory.path)
        let store = opened.notifications
        let created = try store.create(name: text, headers: text, payload: text, by: text)
        let read = try #require(try store.notification(id: created.id))
        #expect(Array(read.payload.utf8) == Array(text.utf8))
        #expect(Array(read.headers.utf8) == Array(text.utf8))
        #expect(Array(read.name.utf8) == Array(text.utf8))
        #expect(Array(read.createdBy.utf8) == Array(text.utf8))
        let revision = try #require(try store.revisions(id: created.id)?.first)
        #expect(Array(revision.payload.utf8) == Array(text.utf8))
        // Injection-looking input is data: every table is still there and holds one row each.
        #expect(try store.list().count == 1)
        #expect(try opened.file!.integrityCheck() == "ok")
    }

    @Test(arguments: StoreBackend.allCases) func oneMebibytePayloadRoundTrips(_ backend: StoreBackend) throws
    {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory).notifications
        let unit = "Žluťoučký kůň — Tiếng Việt — 🐎 "
        var text = ""
        while text.utf8.count < 1 << 20 {
            text += unit
        }
        let created = try store.create(name: "big", headers: "{}", payload: text, by: "t")
        let read = try #require(try store.notification(id: created.id))
        #expect(read.payload.utf8.count == text.utf8.count)
        #expect(Array(read.payload.utf8) == Array(text.utf8))
    }

    @Test(arguments: texts)
    func injectionLookingIdsAreJustMissingIds(_ text: String) throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path)
        let kept = try store.notifications.create(name: "kept", headers: "{}", payload: "{}", by: "t")
        #expect(try store.notifications.notification(id: text) == nil)
        #expect(try store.notifications.delete(id: text) == false)
        #expect(try store.categories.delete(text, by: "t") == false)
        #expect(try store.notifications.list().map(\.id) == [kept.id])
    }
}
