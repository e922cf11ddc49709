import Concurrency
import Foundation
import Storage
import Synchronization

/// Access-log lines waiting to be written, so a busy server makes one `write(2)` per few
/// milliseconds instead of one per request (the system call cost more than building the line).
///
/// What it promises: a line is handed to the kernel at most `flushDelay` (5 ms) after its
/// request was answered, and before any event line (start, stop, reopen, an error) written after
/// it; `flush()` writes everything at once (the server calls it through every event, the last
/// being the stop line). Lines come out in the order they were appended, each thread's exactly;
/// only two lines appended within the same instant on different threads may come out in either
/// order. A crash of the process (a trap, SIGKILL) loses at most the lines of the last
/// `flushDelay`, or of the last 64 KiB a thread gathered when requests come faster than that;
/// lines are never torn or interleaved, since each flush writes whole lines under one lock.
///
/// Each thread gathers its lines in a buffer of its own (`PerThread`), numbered from one atomic
/// counter, so appending takes no lock another worker thread wants; a flush takes every
/// thread's buffer in turn and merges them by number. The writer thread sleeps on a semaphore
/// while nothing is pending, so an idle server does not wake up; the first line after a flush
/// wakes it (one atomic flag, so one wake-up per flush, not per line). The descriptor is
/// written only while holding `writeLock`.
final class AccessLineBuffer: Sendable {
    /// How long a line may wait before it is written.
    static let flushDelay: TimeInterval = 0.005
    /// Pending bytes of one thread past which that thread writes everything itself at once.
    static let flushSize = 64 * 1024

    /// One thread's lines, each with its number in the order of all lines.
    final class Pending: Sendable {
        /// The lines' bytes, and each line's number and where it ends in them; locked by its
        /// own thread and by a flush.
        private let lines = Locked<(bytes: [UInt8], ends: [(number: UInt64, end: Int)])>(([], []))

        /// Appends one line; answers the bytes now pending here.
        func append(_ line: [UInt8], number: UInt64) -> Int {
            lines.withLock { lines in
                lines.bytes += line
                lines.ends.append((number, lines.bytes.count))
                return lines.bytes.count
            }
        }

        /// Takes every pending line, leaving room for as many again.
        func take() -> (bytes: [UInt8], ends: [(number: UInt64, end: Int)]) {
            lines.withLock { lines in
                let taken = lines
                lines = ([], [])
                lines.bytes.reserveCapacity(min(taken.bytes.count, AccessLineBuffer.flushSize))
                lines.ends.reserveCapacity(taken.ends.count)
                return taken
            }
        }
    }

    private let pending = PerThread { Pending() }
    /// Lines of threads that got no buffer of their own (the process ran out of thread keys).
    private let sharedPending = Pending()
    /// The number of the last line appended.
    private let appended = Atomic<UInt64>(0)
    /// True from the first line after a flush until the writer thread's next flush.
    private let scheduled = Atomic<Bool>(false)
    private let writerStarted = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    /// Orders the writes of batches and of event lines.
    private let writeLock = Locked()
    /// Writes bytes to the log's descriptor (standard error, or the file standing in for it).
    private let output: @Sendable (UnsafeRawBufferPointer) -> Void

    /// A buffer that hands its lines to `output`.
    init(output: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.output = output
    }

    /// Queues one whole line (newline included).
    func append(_ line: [UInt8]) {
        let number = appended.add(1, ordering: .relaxed).newValue
        let size = (pending.local() ?? sharedPending).append(line, number: number)
        if size >= Self.flushSize {
            flush()
            return
        }
        // Only the line that finds nothing scheduled wakes the writer.
        if !scheduled.load(ordering: .sequentiallyConsistent),
            scheduled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
                .exchanged
        {
            startWriterOnce()
            wake.signal()
        }
    }

    /// Writes every pending line now.
    func flush() {
        writeLock.withLock { writePending() }
    }

    /// Writes the pending lines, then `line`, in that order (an event after the requests before it).
    func write(afterPending line: [UInt8]) {
        writeLock.withLock {
            writePending()
            line.withUnsafeBytes(output)
        }
    }

    /// Takes every thread's pending lines and writes them merged by number; call with
    /// `writeLock` held, so batches go out in the order they were taken.
    private func writePending() {
        let batches = ([sharedPending] + pending.all).map { $0.take() }.filter { !$0.ends.isEmpty }
        switch batches.count {
        case 0:
            return
        case 1:
            batches[0].bytes.withUnsafeBytes(output)
        default:
            Self.merged(batches).withUnsafeBytes(output)
        }
    }

    /// The lines of `batches` (each in number order) as one run in number order.
    static func merged(_ batches: [(bytes: [UInt8], ends: [(number: UInt64, end: Int)])]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(batches.reduce(0) { $0 + $1.bytes.count })
        var next = [Int](repeating: 0, count: batches.count)
        while true {
            var pick: Int?
            for index in batches.indices where next[index] < batches[index].ends.count {
                if let current = pick,
                    batches[current].ends[next[current]].number <= batches[index].ends[next[index]].number
                {
                    continue
                }
                pick = index
            }
            guard let pick else { return result }
            let line = next[pick]
            let start = line == 0 ? 0 : batches[pick].ends[line - 1].end
            result += batches[pick].bytes[start..<batches[pick].ends[line].end]
            next[pick] += 1
        }
    }

    /// Starts the thread that writes pending lines `flushDelay` after the first of them arrived;
    /// it lives as long as the process, asleep while nothing is pending.
    private func startWriterOnce() {
        guard
            writerStarted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return }
        let thread = Thread { [self] in
            while true {
                wake.wait()
                Thread.sleep(forTimeInterval: Self.flushDelay)
                // Cleared before the flush: a line appended after this schedules the next one,
                // and every line appended before it is taken by this flush.
                scheduled.store(false, ordering: .sequentiallyConsistent)
                flush()
            }
        }
        thread.name = "pushboard-access-log"
        thread.start()
    }
}
