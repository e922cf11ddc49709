import Concurrency

/// Recent reports by exact URL, so a person typing, the live preview and a re-check a moment
/// later cost one download, not one each. Bounded in count and age.
final class ResultCache: Sendable {
    private struct Stored {
        let report: MediaReport
        let at: ContinuousClock.Instant
    }

    private struct State {
        var entries: [String: Stored] = [:]
        var order: [String] = []
    }

    private let lifetime: Duration
    private let capacity: Int
    private let state = Locked(State())

    /// A cache keeping reports `lifetime` seconds, at most `capacity` of them.
    init(lifetime: Double, capacity: Int = 256) {
        self.lifetime = .milliseconds(Int(lifetime * 1000))
        self.capacity = capacity
    }

    /// The report for `url` if it is younger than the lifetime.
    func report(for url: String) -> MediaReport? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard let stored = state.entries[url], now - stored.at < lifetime else { return nil }
            return stored.report
        }
    }

    /// The last report for `url` at any age, while the cache still holds it: what a page that
    /// checked the URL keeps showing until its quiet re-check answers (issue 25).
    func latest(for url: String) -> MediaReport? {
        state.withLock { $0.entries[url]?.report }
    }

    /// Keeps `report`, dropping the oldest entry when full.
    func store(_ report: MediaReport) {
        let now = ContinuousClock.now
        state.withLock { state in
            if state.entries.updateValue(Stored(report: report, at: now), forKey: report.url) == nil {
                state.order.append(report.url)
            }
            while state.order.count > capacity {
                state.entries.removeValue(forKey: state.order.removeFirst())
            }
        }
    }
}
