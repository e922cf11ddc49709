#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts a stream of chunks into lines without ever holding more than one line, so a JSON Lines
/// file of any length is validated in constant memory.
///
/// Lines that fall wholly inside a chunk are handed out in place; only a line split across
/// chunks is copied. A line longer than `maximumLineBytes` is not kept at all: it is counted and
/// handed out as `.tooLong`, so one runaway line cannot exhaust memory.
struct JSONLineSplitter {
    /// One line, without its `\n` (and without a `\r` before it).
    enum Line {
        /// The line's bytes, valid only during the callback.
        case text(UnsafeBufferPointer<UInt8>)
        /// A line over the limit, with its length in bytes.
        case tooLong(bytes: Int)
    }

    /// Lines longer than this are reported by length instead of being read.
    let maximumLineBytes: Int
    /// The start of a line that continues in the next chunk.
    private var pending: [UInt8] = []
    /// The length so far of an over-long line being skipped.
    private var skipped: Int?

    /// A splitter that stops keeping a line once it exceeds `maximumLineBytes`.
    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Hands every line completed by `chunk` to `body`, in order.
    mutating func feed<Failure: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>, _ body: (Line) throws(Failure) -> Void
    ) throws(Failure) {
        var lineStart = 0
        var position = 0
        let count = chunk.count
        while position < count {
            guard let newline = Self.index(of: UInt8(ascii: "\n"), in: chunk, from: position) else { break }
            if let skippedSoFar = skipped {
                skipped = nil
                try body(.tooLong(bytes: skippedSoFar + newline - lineStart))
            } else if pending.isEmpty {
                if newline - lineStart > maximumLineBytes {
                    try body(.tooLong(bytes: newline - lineStart))
                } else {
                    try body(.text(Self.trimmed(UnsafeBufferPointer(rebasing: chunk[lineStart..<newline]))))
                }
            } else {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[lineStart..<newline]))
                try emitPending(body)
            }
            lineStart = newline + 1
            position = lineStart
        }
        keep(UnsafeBufferPointer(rebasing: chunk[lineStart..<count]))
    }

    /// Hands out the last line when the stream does not end with a newline.
    mutating func finish<Failure: Error>(_ body: (Line) throws(Failure) -> Void) throws(Failure) {
        if let skippedSoFar = skipped {
            skipped = nil
            try body(.tooLong(bytes: skippedSoFar))
        } else if !pending.isEmpty {
            try emitPending(body)
        }
    }

    private mutating func emitPending<Failure: Error>(_ body: (Line) throws(Failure) -> Void) throws(Failure)
    {
        if pending.count > maximumLineBytes {
            let length = pending.count
            pending.removeAll(keepingCapacity: false)
            try body(.tooLong(bytes: length))
            return
        }
        let line = pending
        try line.withUnsafeBufferPointer { (buffer) throws(Failure) in try body(.text(Self.trimmed(buffer))) }
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
    }

    private mutating func keep(_ rest: UnsafeBufferPointer<UInt8>) {
        guard !rest.isEmpty else { return }
        if let skippedSoFar = skipped {
            skipped = skippedSoFar + rest.count
        } else if pending.count + rest.count > maximumLineBytes {
            skipped = pending.count + rest.count
            pending.removeAll(keepingCapacity: false)
        } else {
            pending.append(contentsOf: rest)
        }
    }

    /// Drops the `\r` of a CRLF line ending.
    private static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        if let last = line.last, last == UInt8(ascii: "\r") {
            return UnsafeBufferPointer(rebasing: line[..<(line.count - 1)])
        }
        return line
    }

    private static func index(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int?
    {
        guard let base = buffer.baseAddress, start < buffer.count,
            let found = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
