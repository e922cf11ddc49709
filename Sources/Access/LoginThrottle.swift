import Cryptography
import Foundation
import Storage

/// Slows password guessing, per account and per client address, without locking anyone out for
/// long.
///
/// The first `freeFailures` failures cost nothing; after that each further attempt must wait
/// `2^(extra failures)` seconds, up to `accountCap` for an account (so someone guessing at
/// `anna` from many addresses keeps the real Anna waiting at most that long) and `addressCap`
/// for an address. The wait is answered at once with 429 and `Retry-After`, never by holding a
/// worker thread. A success clears the account's and the address's record; records are
/// forgotten after `forgetAfter` without failures. At most `capacity` records are kept, the
/// oldest dropped first.
///
/// The counts live in the workspace's database (`LoginThrottleStore`), not in this process, so
/// every instance of a cluster counts the same failures: two instances behind a balancer allow
/// the budget once between them, not once each. The rules are here; the store only counts.
public final class LoginThrottle: Sendable {
    /// The throttle's settings; the defaults suit people typing passwords.
    public struct Policy: Sendable, Equatable {
        /// Failures that cost nothing.
        public var freeFailures: Int
        /// The longest an account is ever held back.
        public var accountCap: TimeInterval
        /// The longest an address is ever held back.
        public var addressCap: TimeInterval
        /// How long a record lives without a new failure.
        public var forgetAfter: TimeInterval
        /// The most records kept.
        public var capacity: Int

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
    }

    /// The settings it judges by.
    public let policy: Policy
    private let store: LoginThrottleStore

    /// A throttle judging by `policy` over the counts in `store`.
    public init(policy: Policy = Policy(), store: LoginThrottleStore) {
        self.policy = policy
        self.store = store
    }

    private var retention: LoginThrottleStore.Retention {
        .init(forgetAfter: policy.forgetAfter, capacity: policy.capacity)
    }

    /// Whose failures an attempt is judged by.
    public enum Attempt: Sendable, Equatable {
        /// A client with no device cookie for the account: the account's failures and the
        /// address's both count.
        case stranger(account: String, address: String)
        /// A client holding a valid device cookie for the account (`DeviceCookie`): only this
        /// device's own failures count, so strangers failing at the account cannot lock it out.
        case knownDevice(String)

        /// The records the attempt is judged by and counted against, with their caps. A key is
        /// stored as a hash: an attempted account name may be a password typed into the name
        /// field, and it must not be kept. (Unkeyed, so every instance finds the same record
        /// whatever its `access.key`.)
        fileprivate func keys(_ policy: Policy) -> [(key: String, cap: TimeInterval)] {
            let plain: [(String, TimeInterval)] =
                switch self {
                case .stranger(let account, let address):
                    [("u:" + account, policy.accountCap), ("a:" + address, policy.addressCap)]
                case .knownDevice(let device): [("d:" + device, policy.accountCap)]
                }
            return plain.map { key, cap in
                (Sodium.sha256Hex(Array(("pushboard-login-throttle:" + key).utf8)), cap)
            }
        }
    }

    /// Lets an attempt go ahead, or answers how many seconds it must wait, in one step (one
    /// write transaction on the database): an admitted attempt is counted as a failure at once,
    /// before its password is checked, so concurrent attempts, on this instance or another, can
    /// never all pass the check before any failure is recorded (40 at once got 10 real password
    /// checks instead of 5). A success undoes it (`recordSuccess`).
    public func admit(_ attempt: Attempt, now: Date) throws -> TimeInterval? {
        let keys = attempt.keys(policy)
        return try store.admit(keys: keys.map(\.key), now: now, retention: retention) { records in
            keys.compactMap { remaining(records[$0.key], cap: $0.cap, now: now) }.max()
        }
    }

    /// How many seconds the attempt must wait, or nil when it may go ahead now.
    public func wait(account: String, address: String, now: Date) throws -> TimeInterval? {
        let keys = Attempt.stranger(account: account, address: address).keys(policy)
        let records = try store.records(keys.map(\.key))
        return keys.compactMap { remaining(records[$0.key], cap: $0.cap, now: now) }.max()
    }

    /// Counts a failed attempt against the account and the address.
    public func recordFailure(account: String, address: String, now: Date) throws {
        let keys = Attempt.stranger(account: account, address: address).keys(policy).map(\.key)
        try store.countFailure(keys: keys, now: now, retention: retention)
    }

    /// Clears what the attempt was counted against after it succeeded.
    public func recordSuccess(_ attempt: Attempt) throws {
        try store.clear(attempt.keys(policy).map(\.key))
    }

    /// Clears the account and the address after a successful login.
    public func recordSuccess(account: String, address: String) throws {
        try recordSuccess(.stranger(account: account, address: address))
    }

    private func remaining(_ record: StoredThrottleRecord?, cap: TimeInterval, now: Date) -> TimeInterval? {
        guard let record, record.failures >= policy.freeFailures else { return nil }
        // Never less than 0: a failure stamped a moment after `now` (another instance's clock
        // a little ahead, or the date's round trip through the database's seconds since 1970)
        // would otherwise make the wait longer than the cap.
        let elapsed = max(0, now.timeIntervalSince(record.lastFailure))
        guard elapsed <= policy.forgetAfter else { return nil }
        let extra = min(record.failures - policy.freeFailures, 20)
        let delay = min(cap, pow(2, Double(extra)))
        let left = delay - elapsed
        return left > 0 ? left.rounded(.up) : nil
    }
}
