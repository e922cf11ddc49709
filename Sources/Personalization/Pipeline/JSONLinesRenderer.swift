import Dispatch
import Glibc

/// Renders a JSON Lines file of recipients to result lines on several threads, streaming: the
/// input is read a batch of lines at a time, each batch is cut into one slice per worker, and
/// the results are written in input order before the next batch is read, so memory stays the
/// size of one batch however long the file is.
public struct JSONLinesRenderer: Sendable {
    /// A read or write that failed, with its errno.
    public struct IOError: Error, Sendable {
        public var operation: String
        public var code: Int32
    }

    /// How many lines and how many were invalid.
    public struct Summary: Sendable, Hashable {
        public var lines = 0
        public var invalidLines = 0
    }

    /// The line renderer.
    public let line: RecipientLine
    /// Threads rendering each batch.
    public let workers: Int
    /// Lines per batch.
    public let batchLines: Int
    /// The longest line accepted; a longer one is answered as invalid without being kept.
    public let maximumLineBytes: Int

    /// A renderer on `workers` threads.
    public init(line: RecipientLine, workers: Int, batchLines: Int = 4096, maximumLineBytes: Int = 1 << 20) {
        self.line = line
        self.workers = max(1, workers)
        self.batchLines = batchLines
        self.maximumLineBytes = maximumLineBytes
    }

    /// The number of processors online, the default worker count ("on every core").
    public static var onlineProcessors: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Reads `input` to its end and writes one result line per input line to `output`.
    ///
    /// The lines of a batch stay where they were read, in one buffer, as ranges (nil for a line
    /// over the limit, whose bytes are dropped as they come): no line is copied or allocated.
    public func run(input: Int32, output: Int32) throws(IOError) -> Summary {
        var summary = Summary()
        var storage = [UInt8](repeating: 0, count: 1 << 18)
        var used = 0
        var lineStart = 0
        var oversized = false
        var lines: [Range<Int>?] = []
        lines.reserveCapacity(batchLines + 1024)
        var finished = false
        while !finished {
            if storage.count - used < Self.readSize {
                storage.append(contentsOf: repeatElement(0, count: max(storage.count, Self.readSize)))
            }
            let count = storage.withUnsafeMutableBytes { read(input, $0.baseAddress! + used, Self.readSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(operation: "read", code: errno)
            }
            finished = count == 0
            let end = used + count
            storage.withUnsafeBufferPointer { bytes in
                var index = used
                while index < end,
                    let found = memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "\n")), end - index)
                {
                    let newline = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    lines.append(
                        oversized || newline - lineStart > maximumLineBytes ? nil : lineStart..<newline)
                    oversized = false
                    lineStart = newline + 1
                    index = newline + 1
                }
            }
            used = end
            if used - lineStart > maximumLineBytes {
                // Past the limit: the line is answered as invalid, and its bytes are not kept.
                oversized = true
                used = lineStart
            }
            if finished, used > lineStart || oversized {
                lines.append(oversized ? nil : lineStart..<used)
                lineStart = used
            }
            if lines.count >= batchLines || (finished && !lines.isEmpty) {
                try flush(lines, in: storage, summary: &summary, output: output)
                lines.removeAll(keepingCapacity: true)
                storage.withUnsafeMutableBufferPointer { bytes in
                    let base = bytes.baseAddress!
                    base.update(from: base + lineStart, count: used - lineStart)
                }
                used -= lineStart
                lineStart = 0
            }
        }
        return summary
    }

    /// Bytes asked of each read.
    private static let readSize = 1 << 16

    /// A stand-in for a line over the limit: not JSON, so it is answered as invalid.
    private static let oversizedMarker = Array("line too long".utf8)

    /// Renders `lines` (ranges of `storage`) on the workers and writes the results in order.
    private func flush(_ lines: [Range<Int>?], in storage: [UInt8], summary: inout Summary, output: Int32)
        throws(IOError)
    {
        let slices = min(workers, lines.count)
        let per = (lines.count + slices - 1) / slices
        let results = SliceResults(count: slices)
        let first = summary.lines + 1
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(per * 512)
            var scratch = RecipientScratch(for: line)
            var invalid = 0
            for index in (slice * per)..<min(lines.count, (slice + 1) * per) {
                let valid =
                    if let range = lines[index] {
                        line.render(storage[range], number: first + index, to: &bytes, scratch: &scratch)
                    } else {
                        line.render(
                            Self.oversizedMarker, number: first + index, to: &bytes, scratch: &scratch)
                    }
                if !valid { invalid += 1 }
            }
            results.store(slice, bytes: bytes, invalid: invalid)
        }
        for slice in 0..<slices {
            let (bytes, invalid) = results.take(slice)
            summary.invalidLines += invalid
            try Self.write(bytes, to: output)
        }
        summary.lines += lines.count
    }

    private static func write(_ bytes: [UInt8], to output: Int32) throws(IOError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.write(output, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(operation: "write", code: errno)
            }
            written += count
        }
    }
}
