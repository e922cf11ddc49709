import Concurrency
import Dispatch
import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The core of `pushboard validate --jsonl`: reads payloads (or envelopes) one per line from a
/// file descriptor in large chunks and writes one compact report per line, in order, to another.
///
/// Memory stays constant whatever the number of lines: only the read buffer, the current line
/// and a small output buffer are held.
public struct JSONLinesValidator: Sendable {
    /// How many lines were read and how many of them were invalid.
    public struct Summary: Sendable, Hashable {
        /// Lines read, each answered by one report.
        public var lines: Int
        /// Lines whose report is not valid; the command exits with 1 when this is not 0.
        public var invalidLines: Int
    }

    /// A read or write on a descriptor failed.
    public struct IOError: Error, Sendable, Hashable {
        /// `read` or `write`.
        public var operation: String
        /// The `errno` value.
        public var code: Int32
    }

    /// The validator every line goes through (registry and `strict` included).
    public var validator: Validator
    /// Headers applied to every line (the command line's header options); an envelope's own
    /// headers win over them.
    public var headers: [String: String]
    /// True when each line is `{"headers": {…}, "payload": {…}}` rather than a bare payload.
    public var envelope: Bool
    /// Lines longer than this are reported as too large without being read into memory.
    public var maximumLineBytes: Int
    /// How many threads validate a batch of lines at once.
    public var workers: Int

    /// A line validator; the default line limit matches the server's default body limit.
    public init(
        validator: Validator, headers: [String: String] = [:], envelope: Bool = false,
        maximumLineBytes: Int = 1 << 20, workers: Int = JSONLinesValidator.onlineProcessors
    ) {
        self.validator = validator
        self.headers = headers
        self.envelope = envelope
        self.maximumLineBytes = maximumLineBytes
        self.workers = max(1, workers)
    }

    /// The processors online now, the default number of workers.
    public static var onlineProcessors: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Validates every line read from `input` until end of file, writing reports to `output`.
    ///
    /// Lines are gathered into batches of about half a mebibyte; each batch is validated by up
    /// to `workers` threads in parallel, in small shares of lines, and the reports are written
    /// in input order before the next batch is read.
    ///
    /// With one worker, each line is validated where the splitter finds it in the read buffer,
    /// without copying it into a batch first.
    public func run(input: Int32, output: Int32) throws(IOError) -> Summary {
        var writer = ReportWriter(descriptor: output)
        var summary = Summary(lines: 0, invalidLines: 0)
        var splitter = JSONLineSplitter(maximumLineBytes: maximumLineBytes)
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var batch = JSONLineBatch(firstLineNumber: 1)
        var lineWriter = LineReportWriter(for: self)
        while true {
            let count = read(input, chunk.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(operation: "read", code: errno)
            }
            if count == 0 { break }
            splitter.feed(UnsafeBufferPointer(rebasing: chunk[..<count])) { line in
                take(line, summary: &summary, lineWriter: &lineWriter, writer: &writer, batch: &batch)
            }
            if batch.bytes.count >= chunkSize / 2 || batch.entries.count >= 4096 {
                try process(&batch, summary: &summary, writer: &writer)
            }
            try writer.flushIfFull()
        }
        splitter.finish { line in
            take(line, summary: &summary, lineWriter: &lineWriter, writer: &writer, batch: &batch)
        }
        try process(&batch, summary: &summary, writer: &writer)
        try writer.flush()
        return summary
    }

    /// Validates a line the splitter found, at once with one worker, else into the batch.
    ///
    /// A method given its state, not a local function capturing it: the captured variables of
    /// a local function used as a closure were boxed and every access to them checked for
    /// exclusivity at run time (about 190 instructions a line).
    private func take(
        _ line: JSONLineSplitter.Line, summary: inout Summary, lineWriter: inout LineReportWriter,
        writer: inout ReportWriter, batch: inout JSONLineBatch
    ) {
        if workers == 1 {
            summary.lines += 1
            if !lineWriter.append(for: line, lineNumber: summary.lines, with: self, to: &writer.buffer) {
                summary.invalidLines += 1
            }
        } else {
            batch.append(line)
        }
    }

    private func process(_ batch: inout JSONLineBatch, summary: inout Summary, writer: inout ReportWriter)
        throws(IOError)
    {
        let lineCount = batch.entries.count
        guard lineCount > 0 else { return }
        // Many small shares rather than one per worker: concurrentPerform hands them out as
        // threads free up, so a worker the scheduler pauses holds back only a few lines.
        let shares = workers == 1 ? 1 : max(1, min(workers * 8, lineCount / 32))
        if shares == 1 {
            summary.invalidLines += batch.validate(0..<lineCount, with: self, to: &writer.buffer)
        } else {
            let results = Locked<[(output: [UInt8], invalid: Int)?]>(Array(repeating: nil, count: shares))
            let frozen = batch
            DispatchQueue.concurrentPerform(iterations: shares) { share in
                let range = (lineCount * share / shares)..<(lineCount * (share + 1) / shares)
                var output: [UInt8] = []
                output.reserveCapacity(range.count * 128)
                let invalid = frozen.validate(range, with: self, to: &output)
                results.withLock { $0[share] = (output, invalid) }
            }
            for result in results.withLock({ $0 }) {
                guard let result else { continue }
                summary.invalidLines += result.invalid
                writer.buffer.append(contentsOf: result.output)
            }
        }
        summary.lines += lineCount
        try writer.flushIfFull()
        batch.reset(firstLineNumber: summary.lines + 1)
    }

    /// The reports for every line of `text`, for callers that already hold the whole input.
    public func reports(for text: some Collection<UInt8>) -> [ValidationReport] {
        var reports: [ValidationReport] = []
        var lineNumber = 0
        var splitter = JSONLineSplitter(maximumLineBytes: maximumLineBytes)
        var buffers = JSONReadBuffers()
        let headerCheck = HeaderCheck(validator, headers: headers)
        let body: (JSONLineSplitter.Line) -> Void = { line in
            lineNumber += 1
            reports.append(
                report(for: line, lineNumber: lineNumber, headerCheck: headerCheck, reusing: &buffers))
        }
        let bytes = Array(text)
        bytes.withUnsafeBufferPointer { splitter.feed($0, body) }
        splitter.finish(body)
        return reports
    }

    /// The report of one line, read with fresh buffers; findings carry the line's number in the
    /// input. Every read in reused buffers must give exactly this report.
    func report(for line: JSONLineSplitter.Line, lineNumber: Int) -> ValidationReport {
        var buffers = JSONReadBuffers()
        return report(
            for: line, lineNumber: lineNumber, headerCheck: HeaderCheck(validator, headers: headers),
            reusing: &buffers)
    }

    /// As `report(for:lineNumber:)`, reading in `buffers`, which the caller keeps from line to
    /// line so that no line allocates the reader's storage again, with `headerCheck` made once
    /// from `headers` for every line (an envelope line checks its own headers).
    func report(
        for line: JSONLineSplitter.Line, lineNumber: Int, headerCheck: HeaderCheck,
        reusing buffers: inout JSONReadBuffers
    ) -> ValidationReport {
        var report = unnumberedReport(
            for: line, lineNumber: lineNumber, headerCheck: headerCheck, reusing: &buffers)
        report.inputLine = lineNumber
        return report
    }

    /// The report of one line before it is numbered.
    private func unnumberedReport(
        for line: JSONLineSplitter.Line, lineNumber: Int, headerCheck: HeaderCheck,
        reusing buffers: inout JSONReadBuffers
    ) -> ValidationReport {
        switch line {
        case .text(let bytes):
            if envelope {
                return validator.validate(
                    envelope: bytes, headers: headers, lineOffset: lineNumber - 1, reusing: &buffers)
            }
            return validator.validate(
                payload: bytes, headerCheck: headerCheck, lineOffset: lineNumber - 1, reusing: &buffers)
        case .tooLong(let length):
            // The run's headers decide the push type and the limit, as for a line that was read
            // (a broadcast's is 5 120 bytes); an envelope line's own headers were never read.
            var sink = DiagnosticSink(strict: validator.strict, lineOffset: lineNumber - 1)
            sink.emit(
                .payloadTooLarge, JSONPath.root, at: JSONSpan(start: 0, end: length, line: 1, column: 1),
                "The line is \(length) bytes, over the \(maximumLineBytes)-byte line limit; it was not read.")
            return ValidationReport(
                pushType: headerCheck.pushType,
                size: ValidationReport.Size(bytes: length, limit: headerCheck.sizeLimit),
                diagnostics: sink.diagnostics)
        }
    }
}

/// Buffers report lines and writes them out in large blocks.
private struct ReportWriter {
    /// Where reports go.
    let descriptor: Int32
    /// Report lines not yet written.
    var buffer: [UInt8] = []

    /// A writer with room for a good block of reports.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 17)
    }

    /// Writes the buffer out once it holds a good block.
    mutating func flushIfFull() throws(JSONLinesValidator.IOError) {
        if buffer.count >= 1 << 16 {
            try flush()
        }
    }

    /// Writes out everything buffered, retrying short and interrupted writes.
    mutating func flush() throws(JSONLinesValidator.IOError) {
        var written = 0
        while written < buffer.count {
            let count = buffer.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return write(descriptor, base + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw JSONLinesValidator.IOError(operation: "write", code: errno)
            }
            written += count
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
