import Concurrency
import Foundation

/// Keeps failed logins from filling the disk: per client address, the first refused login of a
/// minute is written to the audit trail in full and the rest of that minute (refused and
/// throttled attempts alike) only counted, then written as one summary row, "N more failed
/// logins … from ADDRESS in the last minute". One client hammering `/login` costs at most two
/// rows a minute, whatever its rate.
///
/// At most `capacity` addresses are tracked; beyond them failures are counted under
/// `otherAddresses`, so memory stays bounded under a spread-out attack too.
final class LoginFailureLog: Sendable {
    /// How long one address's failures are gathered into one summary.
    static let window: TimeInterval = 60
    /// The address label of failures from addresses beyond `capacity`.
    static let otherAddresses = "other addresses"

    /// One address's minute: how many failures were counted but not written.
    private struct Window {
        var start: Date
        var refused = 0
        var slowed = 0
        /// Whether a refused login of this minute was written in full already (throttled ones
        /// can come first: they are answered before the refused ones' password checks end).
        var wroteOne = false
    }

    /// A summary row to write: the address and the text of its detail.
    struct Summary: Equatable {
        /// The client address the failures came from.
        let address: String
        /// "4 more failed logins and 995 throttled attempts from 10.0.0.1 in the last minute".
        let detail: String
    }

    /// The most addresses tracked at once.
    let capacity: Int
    private let windows = Locked<[String: Window]>([:])

    /// A log tracking at most `capacity` addresses.
    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// Counts a failed attempt from `address` (`slowed`: answered 429 without a password
    /// check). Answers whether this one is to be written in full, and the summary of the
    /// address's previous minute when that has just ended.
    func failure(from address: String, slowed: Bool, now: Date) -> (writeInFull: Bool, summary: Summary?) {
        windows.withLock { windows in
            var summary: Summary?
            var key = address
            if let window = windows[address], now.timeIntervalSince(window.start) >= Self.window {
                summary = Self.summary(of: window, from: address)
                windows[address] = nil
            }
            if windows[key] == nil, windows.count >= capacity { key = Self.otherAddresses }
            var window = windows[key] ?? Window(start: now)
            // The minute's first refused login is written in full; the rest only counted.
            let inFull = !slowed && !window.wroteOne && key == address
            if inFull {
                window.wroteOne = true
            } else if slowed {
                window.slowed += 1
            } else {
                window.refused += 1
            }
            windows[key] = window
            return (inFull, summary)
        }
    }

    /// The summaries of every minute that has ended by `now`, which are forgotten (called
    /// periodically, off the request path, and at stop with `now` far ahead).
    func endedMinutes(now: Date) -> [Summary] {
        windows.withLock { windows in
            let ended = windows.filter { now.timeIntervalSince($0.value.start) >= Self.window }
            for address in ended.keys { windows[address] = nil }
            return ended.keys.sorted().compactMap { key in
                ended[key].flatMap { Self.summary(of: $0, from: key) }
            }
        }
    }

    private static func summary(of window: Window, from address: String) -> Summary? {
        guard window.refused + window.slowed > 0 else { return nil }
        var parts: [String] = []
        if window.refused > 0 {
            parts.append("\(window.refused) more failed login\(window.refused == 1 ? "" : "s")")
        }
        if window.slowed > 0 {
            parts.append("\(window.slowed) throttled attempt\(window.slowed == 1 ? "" : "s") (429)")
        }
        return Summary(
            address: address,
            detail: parts.joined(separator: " and ") + " from \(address) in the last minute")
    }
}
