import Concurrency
import Foundation
import Testing

@testable import Storage

/// `PerThread`: the state a request keeps on its own thread, so worker threads share no lock.
@Suite struct PerThreadTests {
    final class Box: @unchecked Sendable {
        var touches = 0
    }

    /// One thread always gets its own object back; every other thread gets another one; `all`
    /// lists each object once.
    @Test func eachThreadHasItsOwnObject() {
        let perThread = PerThread { Box() }
        let seen = Locked<[ObjectIdentifier]>([])
        runOnThreads(4) { _ in
            guard let first = perThread.local() else { return }
            for _ in 0..<100 {
                guard let again = perThread.local(), again === first else { return }
                // Only this thread touches its box: no lock needed, and ThreadSanitizer agrees.
                again.touches += 1
            }
            seen.withLock { $0.append(ObjectIdentifier(first)) }
        }
        let identities = seen.withLock { $0 }
        #expect(identities.count == 4)
        #expect(Set(identities).count == 4)
        #expect(perThread.all.count == 4)
        #expect(perThread.all.map(\.touches) == [100, 100, 100, 100])
    }

    /// Two instances never answer each other's objects on one thread.
    @Test func instancesDoNotShareObjects() throws {
        let first = PerThread { Box() }
        let second = PerThread { Box() }
        let a = try #require(first.local())
        let b = try #require(second.local())
        #expect(a !== b)
        #expect(first.local() === a)
        #expect(second.local() === b)
    }

    /// A key deleted with its instance and made again for a new one answers nothing old: the new
    /// instance makes its own object.
    @Test func aNewInstanceNeverSeesAnOldOnesObject() throws {
        var old: PerThread<Box>? = PerThread { Box() }
        let oldBox = try #require(old?.local())
        oldBox.touches = 7
        old = nil
        let fresh = PerThread { Box() }
        #expect(try #require(fresh.local()).touches == 0)
        _ = old
    }
}

/// `LastValuePerThread`: a thread answers its own last value only at the generation it was
/// kept at, and never another thread's.
@Suite struct LastValuePerThreadTests {
    @Test func aValueIsTheKeepingThreadsAndOnlyAtItsGeneration() {
        let last = LastValuePerThread<Int>()
        #expect(last.value(at: 1) == nil)
        last.keep(10, at: 1)
        #expect(last.value(at: 1) == 10)
        #expect(last.value(at: 2) == nil, "a value kept at generation 1 answered at 2")
        let seenElsewhere = Locked<[Int?]>([])
        runOnThreads(2) { index in
            let before = last.value(at: 1)
            last.keep(100 + index, at: 1)
            seenElsewhere.withLock { $0.append(before == nil ? last.value(at: 1) : -1) }
        }
        #expect(seenElsewhere.withLock { Set($0) } == [100, 101])
        #expect(last.value(at: 1) == 10, "another thread's value replaced this thread's")
    }
}
