import Concurrency
import Foundation

/// Slows password guessing, per account and per client address, without locking anyone out for
/// long.
///
/// The first `freeFailures` failures cost nothing; after that each further attempt must wait
/// `2^(extra failures)` seconds, up to `accountCap` for an account (so someone guessing at
/// `anna` from many addresses keeps the real Anna waiting at most that long) and `addressCap`
/// for an address. The wait is answered at once with 429 and `Retry-After`, never by holding a
/// worker thread. A success clears the account's and the address's record; records are
/// forgotten after `forgetAfter` without failures. Memory is bounded: at most `capacity`
/// records, the oldest dropped first.
public final class LoginThrottle: Sendable {
    /// Failures that cost nothing.
    public let freeFailures: Int
    /// The longest an account is ever held back.
    public let accountCap: TimeInterval
    /// The longest an address is ever held back.
    public let addressCap: TimeInterval
    /// How long a record lives without a new failure.
    public let forgetAfter: TimeInterval
    /// The most records kept.
    public let capacity: Int

    private struct Record {
        var failures: Int
        var lastFailure: Date
    }

    private let table = Locked<[String: Record]>([:])

    /// A throttle; the defaults suit people typing passwords.
    public init(
        freeFailures: Int = 5, accountCap: TimeInterval = 30, addressCap: TimeInterval = 300,
        forgetAfter: TimeInterval = 900, capacity: Int = 10_000
    ) {
        self.freeFailures = freeFailures
        self.accountCap = accountCap
        self.addressCap = addressCap
        self.forgetAfter = forgetAfter
        self.capacity = capacity
    }

    /// Whose failures an attempt is judged by.
    public enum Attempt: Sendable, Equatable {
        /// A client with no device cookie for the account: the account's failures and the
        /// address's both count.
        case stranger(account: String, address: String)
        /// A client holding a valid device cookie for the account (`DeviceCookie`): only this
        /// device's own failures count, so strangers failing at the account cannot lock it out.
        case knownDevice(String)

        /// The records the attempt is judged by and counted against, with their caps.
        fileprivate func keys(_ throttle: LoginThrottle) -> [(key: String, cap: TimeInterval)] {
            switch self {
            case .stranger(let account, let address):
                [("u:" + account, throttle.accountCap), ("a:" + address, throttle.addressCap)]
            case .knownDevice(let device): [("d:" + device, throttle.accountCap)]
            }
        }
    }

    /// Lets an attempt go ahead, or answers how many seconds it must wait, in one step under the
    /// lock: an admitted attempt is counted as a failure at once, before its password is
    /// checked, so concurrent attempts can never all pass the check before any failure is
    /// recorded (40 at once got 10 real password checks instead of 5). A success undoes it
    /// (`recordSuccess`).
    public func admit(_ attempt: Attempt, now: Date) -> TimeInterval? {
        let keys = attempt.keys(self)
        return table.withLock { records in
            if let wait = keys.compactMap({ remaining(records[$0.key], cap: $0.cap, now: now) }).max() {
                return wait
            }
            count(keys.map(\.key), in: &records, now: now)
            return nil
        }
    }

    /// How many seconds the attempt must wait, or nil when it may go ahead now.
    public func wait(account: String, address: String, now: Date) -> TimeInterval? {
        let keys = Attempt.stranger(account: account, address: address).keys(self)
        return table.withLock { records in
            keys.compactMap { remaining(records[$0.key], cap: $0.cap, now: now) }.max()
        }
    }

    /// Counts a failed attempt against the account and the address.
    public func recordFailure(account: String, address: String, now: Date) {
        let keys = Attempt.stranger(account: account, address: address).keys(self).map(\.key)
        table.withLock { count(keys, in: &$0, now: now) }
    }

    /// Clears what the attempt was counted against after it succeeded.
    public func recordSuccess(_ attempt: Attempt) {
        let keys = attempt.keys(self).map(\.key)
        table.withLock { records in
            for key in keys { records[key] = nil }
        }
    }

    /// Clears the account and the address after a successful login.
    public func recordSuccess(account: String, address: String) {
        recordSuccess(.stranger(account: account, address: address))
    }

    private func count(_ keys: [String], in records: inout [String: Record], now: Date) {
        if records.count >= capacity { Self.evictOldest(&records) }
        for key in keys {
            var record = records[key] ?? Record(failures: 0, lastFailure: now)
            if now.timeIntervalSince(record.lastFailure) > forgetAfter { record.failures = 0 }
            record.failures += 1
            record.lastFailure = now
            records[key] = record
        }
    }

    private func remaining(_ record: Record?, cap: TimeInterval, now: Date) -> TimeInterval? {
        guard let record, record.failures >= freeFailures else { return nil }
        let elapsed = now.timeIntervalSince(record.lastFailure)
        guard elapsed <= forgetAfter else { return nil }
        let extra = min(record.failures - freeFailures, 20)
        let delay = min(cap, pow(2, Double(extra)))
        let left = delay - elapsed
        return left > 0 ? left.rounded(.up) : nil
    }

    private static func evictOldest(_ records: inout [String: Record]) {
        let oldest = records.sorted { $0.value.lastFailure < $1.value.lastFailure }.prefix(
            records.count / 4 + 1)
        for (key, _) in oldest { records[key] = nil }
    }
}
