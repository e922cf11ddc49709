import CSQLite
import Foundation
import Glibc
import Synchronization

/// One cheap answer to "has the database changed?", shared by every cache built on a `Database`
/// (the registry snapshot, the activity types, "are there users", the workspace settings).
///
/// The answer is a generation number that moves whenever the database may have changed:
/// - **This process's writes** bump it as soon as their transaction ends (committed or not), so
///   a cache keyed by the generation reads its own writes on the very next call, on any thread.
/// - **Other processes' commits** (a `pushboard users add`, `tokens revoke` or
///   `categories import` while the server runs) are noticed through `PRAGMA data_version` on one
///   connection held for that alone, which changes whenever any other connection commits. That
///   check costs a read transaction (file locks), so it runs at most once per `interval`.
///
/// The guarantee, exactly: a commit by another connection or process that has completed at time
/// T moves the generation answered by every `current()` call that begins after T + `interval`
/// and finds no check in flight (one that began earlier and has not ended). A call that finds the
/// check due while another thread is running it does not wait for it (that wait, on every worker
/// thread, cost more than the check): it answers the generation as it stands, so such a call may
/// miss a commit that the running check is about to report, by at most the time that check takes
/// (one `PRAGMA data_version`, microseconds). So every call that begins after T + `interval` + the
/// longest a check takes sees the commit. (Each check records the moment it *began*; a call
/// trusts a check only if it began less than `interval` before the call, and a check that began
/// after T sees every commit completed by T.) With an interval of zero every call checks, unless
/// another thread's check is in flight. This process's own writes are never late: they move the
/// generation directly (`recordWrite`).
///
/// A check that fails (the file is unreadable, SQLite is busy recovering) counts as a change, so
/// caches reload and their own queries report the error instead of serving stale data.
///
/// `@unchecked Sendable`: `connection`, `statement` and `lastVersion` are touched only while
/// holding `lock` (an `NSLock`, which ThreadSanitizer understands; see `ConnectionPool`); the
/// generation and the time of the last check are atomics.
final class ChangeWatch: @unchecked Sendable {
    /// How long a check of other processes' commits is trusted, in nanoseconds.
    let interval: Int64
    private let path: String
    private let readOnly: Bool
    private let generation = Atomic<UInt64>(0)
    /// `monotonicNanoseconds()` when the last check began; `Int64.min` before the first.
    private let checkedAt = Atomic<Int64>(.min)
    /// Held while a check runs (internal so a test can stand for a check in flight).
    let lock = NSLock()
    private var connection: Connection?
    private var statement: Statement?
    private var lastVersion: Int64?

    /// A watch of the database file at `path`; its connection is opened by the first check.
    init(path: String, readOnly: Bool, interval: Duration) {
        self.path = path
        self.readOnly = readOnly
        let (seconds, attoseconds) = interval.components
        self.interval = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// This process changed (or tried to change) the database: every cache must look again.
    func recordWrite() {
        generation.add(1, ordering: .sequentiallyConsistent)
    }

    /// The generation now, after checking for other processes' commits unless a check began less
    /// than `interval` ago or another thread's check is in flight (see the type's guarantee).
    func current() -> UInt64 {
        let now = Self.monotonicNanoseconds()
        // `try()` never waits: a thread that finds the lock held leaves the check to its holder.
        if isDue(at: now), lock.try() {
            defer { lock.unlock() }
            // Another thread may have checked just before this one took the lock; a check that
            // began after `now - interval` is as good as one of our own.
            if isDue(at: now) {
                let began = Self.monotonicNanoseconds()
                let isFirstCheck = checkedAt.load(ordering: .relaxed) == .min
                let version = (try? dataVersion()) ?? nil
                // The first check only learns the version (no cache was built before it); after
                // that any difference, a failure, or a reopened connection (whose versions are
                // not comparable: `lastVersion` was cleared) is a change.
                if version == nil || (version != lastVersion && !isFirstCheck) {
                    generation.add(1, ordering: .sequentiallyConsistent)
                }
                lastVersion = version
                checkedAt.store(began, ordering: .releasing)
            }
        }
        return generation.load(ordering: .sequentiallyConsistent)
    }

    /// Whether no check began within `interval` before `now`.
    private func isDue(at now: Int64) -> Bool {
        let began = checkedAt.load(ordering: .acquiring)
        return began == .min || now - began >= interval
    }

    /// `PRAGMA data_version` on the held connection; the statement is reset at once so no read
    /// transaction stays open (it would hold back WAL checkpoints). Call with `lock` held.
    ///
    /// A connection SQLite opened read-only although read-write was asked (a read-only file
    /// system) is used once and dropped, as `Database` drops such pool connections: held, it
    /// would keep the process's shared memory of the WAL read-only, so writes could not resume
    /// once the file system is writable again. Its answer then counts as a change (nil), since
    /// the next connection's versions are not comparable.
    private func dataVersion() throws -> Int64? {
        if statement == nil {
            let opened = try Connection(path: path, readOnly: readOnly)
            statement = try opened.prepare("PRAGMA data_version")
            connection = opened
        }
        guard let statement, let connection else { return nil }
        defer {
            statement.reset()
            if !readOnly && connection.isOpenedReadOnly {
                self.statement = nil
                self.connection = nil
            }
        }
        do {
            guard try statement.step() else {
                throw StorageError.invalidInput("PRAGMA data_version gave no row")
            }
        } catch {
            // Open a fresh connection next time rather than trusting one that failed.
            self.statement = nil
            self.connection = nil
            throw error
        }
        return !readOnly && connection.isOpenedReadOnly ? nil : statement.integer(0)
    }

    /// `CLOCK_MONOTONIC` in nanoseconds: never goes back, unlike the wall clock.
    static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
