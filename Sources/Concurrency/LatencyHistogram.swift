/// A Prometheus histogram of durations: counts per upper bound, the sum and the count. The
/// dashboard's request latency and the database's statement latency (`DatabaseStatistics`) are
/// both one, so `/metrics` shows them with the same buckets; it lives here, below both, because
/// it is kept the way this module's types are: a copy per thread, added up by the scrape.
public struct LatencyHistogram: Sendable {
    /// Upper bounds in seconds, from half a millisecond (a static file) to ten seconds (a
    /// request stuck on a busy database).
    public static let bounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// An empty histogram.
    public init() {}

    /// Observations per bucket, not cumulative; the last slot is `+Inf` only.
    public private(set) var counts = [Int](repeating: 0, count: bounds.count + 1)
    /// The sum of all observations, in seconds.
    public private(set) var sum = 0.0
    /// How many observations there were.
    public private(set) var count = 0

    /// Adds one duration in seconds.
    public mutating func observe(_ seconds: Double) {
        let slot = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
        counts[slot] += 1
        sum += seconds
        count += 1
    }

    /// The observations of both histograms (another thread's, for the scrape).
    public func adding(_ other: Self) -> Self {
        var sum = self
        for slot in sum.counts.indices { sum.counts[slot] += other.counts[slot] }
        sum.sum += other.sum
        sum.count += other.count
        return sum
    }

    /// `(le, cumulative count)` per bucket, `+Inf` last, as the exposition format lists them.
    public var cumulativeBuckets: [(bound: String, count: Int)] {
        var running = 0
        var buckets: [(String, Int)] = []
        for (index, slotCount) in counts.enumerated() {
            running += slotCount
            buckets.append((index < Self.bounds.count ? "\(Self.bounds[index])" : "+Inf", running))
        }
        return buckets
    }
}
