import JSON

/// A run of whole lines copied out of the input, so several threads can validate parts of it
/// while the reader holds no pointer into a buffer it is about to reuse.
struct JSONLineBatch: Sendable {
    /// One line of the batch.
    enum Entry: Sendable {
        /// The line's bytes within `bytes`.
        case text(Range<Int>)
        /// A line over the limit, not copied, with its length.
        case tooLong(bytes: Int)
    }

    /// The 1-based number of the first line in the input.
    var firstLineNumber: Int
    /// The lines' bytes, back to back.
    var bytes: [UInt8] = []
    /// The lines, in input order.
    var entries: [Entry] = []

    /// An empty batch whose first line will have this number.
    init(firstLineNumber: Int) {
        self.firstLineNumber = firstLineNumber
    }

    /// Empties the batch for the lines that follow, keeping its storage: a new batch per half
    /// mebibyte grew its byte buffer from nothing again, about fifteen reallocations and copies.
    mutating func reset(firstLineNumber: Int) {
        self.firstLineNumber = firstLineNumber
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Copies one line from the splitter into the batch.
    mutating func append(_ line: JSONLineSplitter.Line) {
        switch line {
        case .text(let text):
            let start = bytes.count
            bytes.append(contentsOf: text)
            entries.append(.text(start..<bytes.count))
        case .tooLong(let length):
            entries.append(.tooLong(bytes: length))
        }
    }

    /// Appends the compact report of entries `range` to `output`, one per line, and returns how
    /// many of them are invalid.
    func validate(_ range: Range<Int>, with validator: JSONLinesValidator, to output: inout [UInt8]) -> Int {
        var invalid = 0
        var writer = LineReportWriter(for: validator)
        bytes.withUnsafeBufferPointer { buffer in
            for index in range {
                let line: JSONLineSplitter.Line
                switch entries[index] {
                case .text(let span): line = .text(UnsafeBufferPointer(rebasing: buffer[span]))
                case .tooLong(let length): line = .tooLong(bytes: length)
                }
                if !writer.append(
                    for: line, lineNumber: firstLineNumber + index, with: validator, to: &output)
                {
                    invalid += 1
                }
            }
        }
        return invalid
    }
}
