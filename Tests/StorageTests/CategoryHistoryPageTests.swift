import Testing

@testable import Storage

/// A category's history one page at a time (issue 23: 1 000 revisions made one 361 KB page).
@Suite struct CategoryHistoryPageTests {
    @Test(arguments: StoreBackend.allCases) func aHistoryIsPagedNewestFirstWithItsTotal(
        _ backend: StoreBackend
    ) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory).categories
        for number in 1...5 {
            _ = try store.put(
                CategoryDocument(identifier: "message", json: #"{"identifier":"message","n":\#(number)}"#),
                by: "t")
        }
        let page = try store.revisions(of: "message", limit: 2, offset: 2)
        #expect(page.total == 5)
        #expect(page.revisions.map(\.revision) == [3, 2])
        #expect(page.older?.revision == 1)
        let beyond = try store.revisions(of: "message", limit: 2, offset: 9)
        #expect(beyond.total == 5 && beyond.revisions.isEmpty && beyond.older == nil)
        #expect(try store.revisions(of: "never", limit: 2, offset: 0).total == 0)
    }
}
