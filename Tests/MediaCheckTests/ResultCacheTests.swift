import Testing

@testable import MediaCheck

/// The reuse window ends a report's reuse, not the page's knowledge of it (issue 25): the last
/// report stays readable until the cache drops it for room.
@Suite struct ResultCacheTests {
    @Test func anExpiredReportIsNotReusedButStillKnown() async throws {
        let cache = ResultCache(lifetime: 0.01)
        cache.store(MediaReport(url: "https://a.example/x.jpg"))
        #expect(cache.report(for: "https://a.example/x.jpg") != nil)
        try await Task.sleep(for: .milliseconds(30))
        #expect(cache.report(for: "https://a.example/x.jpg") == nil)
        #expect(cache.latest(for: "https://a.example/x.jpg")?.url == "https://a.example/x.jpg")
        #expect(cache.latest(for: "https://a.example/y.jpg") == nil)
    }

    @Test func theLastReportLeavesWithTheOldestWhenFull() {
        let cache = ResultCache(lifetime: 60, capacity: 1)
        cache.store(MediaReport(url: "https://a.example/1.jpg"))
        cache.store(MediaReport(url: "https://a.example/2.jpg"))
        #expect(cache.latest(for: "https://a.example/1.jpg") == nil)
        #expect(cache.latest(for: "https://a.example/2.jpg") != nil)
    }
}
