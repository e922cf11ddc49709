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
    public func run(input: Int32, output: Int32) throws(IOError) -> Summary {
        var summary = Summary()
        var lines: [ArraySlice<UInt8>] = []
        var pending: [UInt8] = []
        var oversized = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var finished = false
        while !finished {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(operation: "read", code: errno)
            }
            finished = count == 0
            var start = 0
            for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                append(buffer[start..<index], to: &pending, oversized: &oversized)
                lines.append(oversized ? ArraySlice(Self.oversizedMarker) : ArraySlice(pending))
                pending.removeAll(keepingCapacity: true)
                oversized = false
                start = index + 1
            }
            append(buffer[start..<max(start, count)], to: &pending, oversized: &oversized)
            if finished, !pending.isEmpty || oversized {
                lines.append(oversized ? ArraySlice(Self.oversizedMarker) : ArraySlice(pending))
            }
            if lines.count >= batchLines || (finished && !lines.isEmpty) {
                try flush(&lines, summary: &summary, output: output)
            }
        }
        return summary
    }

    /// A stand-in for a line over the limit: not JSON, so it is answered as invalid.
    private static let oversizedMarker = Array("line too long".utf8)

    private func append(_ bytes: ArraySlice<UInt8>, to pending: inout [UInt8], oversized: inout Bool) {
        guard !oversized else { return }
        if pending.count + bytes.count > maximumLineBytes {
            oversized = true
            pending.removeAll()
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// Renders `lines` on the workers, writes the results in order, and empties `lines`.
    private func flush(_ lines: inout [ArraySlice<UInt8>], summary: inout Summary, output: Int32)
        throws(IOError)
    {
        let slices = min(workers, lines.count)
        let per = (lines.count + slices - 1) / slices
        let results = SliceResults(count: slices)
        let first = summary.lines + 1
        let batch = lines
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(per * 512)
            var invalid = 0
            for index in (slice * per)..<min(batch.count, (slice + 1) * per) {
                if !line.render(batch[index], number: first + index, to: &bytes) { invalid += 1 }
            }
            results.store(slice, bytes: bytes, invalid: invalid)
        }
        for slice in 0..<slices {
            let (bytes, invalid) = results.take(slice)
            summary.invalidLines += invalid
            try Self.write(bytes, to: output)
        }
        summary.lines += lines.count
        lines.removeAll(keepingCapacity: true)
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
