import Concurrency
import Foundation
import Testing

@testable import Storage

/// The login throttle's counts in the database (issue 30): every instance of a cluster counts
/// the same failures, and concurrent failures on two instances are all counted.
@Suite struct LoginThrottleStoreTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000.25)
    static let retention = LoginThrottleStore.Retention(forgetAfter: 900, capacity: 10_000)

    private func throttle(_ store: Store) -> LoginThrottleStore {
        LoginThrottleStore(database: store.database)
    }

    @Test(arguments: StoreBackend.allCases)
    func failuresAreCountedPerKeyClearedAndForgotten(_ backend: StoreBackend) throws {
        let counts = throttle(try backend.open(in: directory))
        for second in 0..<3 {
            try counts.countFailure(
                keys: ["u", "a"], now: Self.start.addingTimeInterval(Double(second)),
                retention: Self.retention)
        }
        try counts.countFailure(keys: ["u"], now: Self.start.addingTimeInterval(3), retention: Self.retention)
        let found = try counts.records(["u", "a", "none"])
        #expect(
            found["u"] == StoredThrottleRecord(failures: 4, lastFailure: Self.start.addingTimeInterval(3)))
        #expect(
            found["a"] == StoredThrottleRecord(failures: 3, lastFailure: Self.start.addingTimeInterval(2)))
        #expect(found["none"] == nil)
        try counts.clear(["u"])
        #expect(try counts.records(["u", "a"]).keys.sorted() == ["a"])
        // Past `forgetAfter` a record starts again from one.
        try counts.countFailure(
            keys: ["a"], now: Self.start.addingTimeInterval(903), retention: Self.retention)
        #expect(try counts.records(["a"])["a"]?.failures == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func admitCountsOnlyWhenTheVerdictLetsTheAttemptGo(_ backend: StoreBackend) throws {
        let counts = throttle(try backend.open(in: directory))
        #expect(try counts.admit(keys: ["k"], now: Self.start, retention: Self.retention) { _ in nil } == nil)
        #expect(try counts.records(["k"])["k"]?.failures == 1)
        let wait = try counts.admit(keys: ["k"], now: Self.start, retention: Self.retention) { records in
            records["k"].map { Double($0.failures) * 7 }
        }
        #expect(wait == 7)
        #expect(try counts.records(["k"])["k"]?.failures == 1, "a refused attempt is not counted")
    }

    @Test(arguments: StoreBackend.allCases)
    func theOldestRecordsGoWhenTheCapacityIsReached(_ backend: StoreBackend) throws {
        let counts = throttle(try backend.open(in: directory))
        let small = LoginThrottleStore.Retention(forgetAfter: 900, capacity: 4)
        for index in 0..<4 {
            try counts.countFailure(
                keys: ["k\(index)"], now: Self.start.addingTimeInterval(Double(index)), retention: small)
        }
        try counts.countFailure(keys: ["new"], now: Self.start.addingTimeInterval(5), retention: small)
        #expect(try counts.records(["k0", "k1", "k2", "k3", "new"]).keys.sorted() == ["k2", "k3", "new"])
    }

    /// Two instances on one workspace, 4 threads each, 25 admitted failures per thread at once:
    /// every one is counted (200), none lost to a read-modify-write race.
    @Test(arguments: StoreBackend.allCases)
    func concurrentFailuresOnTwoInstancesAreAllCounted(_ backend: StoreBackend) throws {
        let first = try backend.open(in: directory)
        let instances = [throttle(first), throttle(try backend.reopen(first, in: directory))]
        let failed = Locked(0)
        runOnThreads(8) { index in
            for _ in 0..<25 {
                do {
                    _ = try instances[index % 2].admit(
                        keys: ["u:anna", "a:\(index)"], now: Self.start, retention: Self.retention
                    ) { _ in nil }
                } catch {
                    failed.withLock { $0 += 1 }
                }
            }
        }
        #expect(failed.withLock { $0 } == 0)
        #expect(try instances[1].records(["u:anna"])["u:anna"]?.failures == 200)
        #expect(try instances[0].records(["a:3"])["a:3"]?.failures == 25)
    }
}
