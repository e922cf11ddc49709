import Concurrency
import Foundation
import Testing

/// `Locked`: the one lock box. Its locking is a pthread mutex, so these tests also run clean
/// under `--sanitize=thread` (a `Synchronization.Mutex` in its place is reported as a race).
@Suite struct LockedTests {
    /// Every increment from every thread lands: `withLock` excludes the others.
    @Test func withLockExcludesOtherThreads() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1000 { count.withLock { $0 += 1 } }
        }
        #expect(count.withLock { $0 } == 8000)
    }

    /// `withLockIfAvailable` does not wait: nil while another thread holds the lock, the body's
    /// answer once it is free.
    @Test func withLockIfAvailableNeverWaits() {
        let value = Locked("free")
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            value.withLock { _ in
                held.signal()
                release.wait()
            }
        }
        holder.start()
        held.wait()
        #expect(value.withLockIfAvailable { $0 } == nil)
        release.signal()
        value.withLock { _ in }  // Waits until the holder let go.
        #expect(value.withLockIfAvailable { $0 } == "free")
    }

    /// A box of no value still orders its holders' side effects: each thread's pair of writes
    /// stays together.
    @Test func voidBoxOrdersSideEffects() {
        let order = Locked()
        let written = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for _ in 0..<100 {
                order.withLock {
                    written.withLock { $0.append(thread) }
                    written.withLock { $0.append(thread) }
                }
            }
        }
        let lines = written.withLock { $0 }
        #expect(lines.count == 800)
        #expect(stride(from: 0, to: lines.count, by: 2).allSatisfy { lines[$0] == lines[$0 + 1] })
    }

    /// A thrown error comes out of `withLock` typed, and the lock is free afterwards.
    @Test func throwingBodyReleasesTheLock() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (_: inout Int) throws(Refused) in throw Refused() }
        }
        #expect(value.withLockIfAvailable { $0 } == 1)
    }
}
