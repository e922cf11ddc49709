import Foundation

/// Access-log lines waiting to be written, so a busy server makes one `write(2)` per few
/// milliseconds instead of one per request (the system call cost more than building the line).
///
/// What it promises: a line is handed to the kernel at most `flushDelay` (5 ms) after its
/// request was answered, and before any event line (start, stop, reopen, an error) written after
/// it, so the log keeps its order; `flush()` writes everything at once (the server calls it
/// through every event, the last being the stop line). A crash of the process (a trap, SIGKILL)
/// loses at most the lines of the last `flushDelay`, or of the last 64 KiB when requests come
/// faster than that; lines are never torn or interleaved, since each flush writes whole lines
/// under one lock.
///
/// The writer thread sleeps on a condition while nothing is pending, so an idle server does not
/// wake up. `@unchecked Sendable`: `pending` is touched only while holding `condition`, and the
/// descriptor is written only while holding `writeLock` (both pthread-based, which
/// ThreadSanitizer understands).
final class AccessLineBuffer: @unchecked Sendable {
    /// How long a line may wait before it is written.
    static let flushDelay: TimeInterval = 0.005
    /// Pending bytes past which the appending thread writes them itself at once.
    static let flushSize = 64 * 1024

    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var writerStarted = false
    /// Orders the writes of batches and of event lines.
    private let writeLock = NSLock()
    /// Writes bytes to the log's descriptor (standard error, or the file standing in for it).
    private let output: @Sendable (UnsafeRawBufferPointer) -> Void

    /// A buffer that hands its lines to `output`.
    init(output: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.output = output
    }

    /// Queues one whole line (newline included).
    func append(_ line: [UInt8]) {
        condition.lock()
        let wasEmpty = pending.isEmpty
        pending += line
        let isFull = pending.count >= Self.flushSize
        if !writerStarted {
            writerStarted = true
            startWriter()
        }
        if wasEmpty { condition.signal() }
        condition.unlock()
        if isFull { flush() }
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

    /// Takes the pending lines and writes them; call with `writeLock` held, so batches go out in
    /// the order they were taken.
    private func writePending() {
        condition.lock()
        let batch = pending
        pending = []
        pending.reserveCapacity(min(batch.count, Self.flushSize))
        condition.unlock()
        if !batch.isEmpty { batch.withUnsafeBytes(output) }
    }

    /// The thread that writes pending lines `flushDelay` after the first of them arrived; it
    /// lives as long as the process, asleep while nothing is pending.
    private func startWriter() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while pending.isEmpty { condition.wait() }
                condition.unlock()
                Thread.sleep(forTimeInterval: Self.flushDelay)
                flush()
            }
        }
        thread.name = "pushboard-access-log"
        thread.start()
    }
}
