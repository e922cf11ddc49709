import Foundation
import Testing

@testable import Dashboard

/// The access log's buffer: whole lines in order, written within a few milliseconds, and never
/// after an event line that came later.
@Suite struct AccessLineBufferTests {
    /// What the buffer wrote, one entry per write.
    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var writes: [[UInt8]] = []

        func append(_ buffer: UnsafeRawBufferPointer) {
            lock.withLock { writes.append(Array(buffer)) }
        }

        var text: String { lock.withLock { String(decoding: writes.joined(), as: UTF8.self) } }
        var count: Int { lock.withLock { writes.count } }
    }

    static func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

    @Test func linesAreWrittenTogetherWithinTheDelay() throws {
        let written = Written()
        let buffer = AccessLineBuffer(output: written.append)
        for number in 1...50 { buffer.append(Self.line("request \(number)")) }
        let deadline = Date(timeIntervalSinceNow: 2)
        while written.text.components(separatedBy: "\n").count < 51, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        #expect(written.text == (1...50).map { "request \($0)\n" }.joined())
        #expect(written.count < 50)
    }

    @Test func anEventComesAfterTheLinesBeforeIt() {
        let written = Written()
        let buffer = AccessLineBuffer(output: written.append)
        buffer.append(Self.line("GET /a"))
        buffer.append(Self.line("GET /b"))
        buffer.write(afterPending: Self.line("pushboard: stopped"))
        #expect(written.text == "GET /a\nGET /b\npushboard: stopped\n")
        buffer.flush()
        #expect(written.text == "GET /a\nGET /b\npushboard: stopped\n")
    }

    /// Lines from many threads stay whole, none lost, each thread's in its own order.
    @Test func linesFromManyThreadsStayWhole() {
        let written = Written()
        let buffer = AccessLineBuffer(output: written.append)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for number in 0..<500 { buffer.append(Self.line("t\(thread) \(number)")) }
        }
        buffer.flush()
        let lines = written.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2000)
        for thread in 0..<4 {
            #expect(lines.filter { $0.hasPrefix("t\(thread) ") } == (0..<500).map { "t\(thread) \($0)" })
        }
    }
}

/// The writer the access line is built with: it never writes past the memory it was given.
@Suite struct LogLineWriterTests {
    @Test func bytesBeyondTheCapacityAreDropped() {
        #expect(LogLineWriter.bytes(capacity: 3) { $0.append("abcdef") } == Array("abc".utf8))
        #expect(LogLineWriter.bytes(capacity: 0) { $0.appendDecimal(42) } == [])
    }

    @Test(arguments: [(0, 1, "0"), (7, 2, "07"), (2026, 4, "2026"), (123_456, 2, "123456"), (-5, 1, "0")])
    func decimalsArePadded(_ value: Int, _ width: Int, _ text: String) {
        #expect(
            LogLineWriter.bytes(capacity: 32) { $0.appendDecimal(value, width: width) } == Array(text.utf8))
    }

    @Test func escapingQuadruplesAtMost() {
        let hostile = "\"\\\n\u{E9}\u{1F600}"
        let quoted = AccessLogEntry.quoted(hostile)
        #expect(quoted == #""\"\\\x0a\xc3\xa9\xf0\x9f\x98\x80""#)
        #expect(quoted.utf8.count <= 2 + 4 * hostile.utf8.count)
    }
}

/// Lines appended on different threads come out in the order they were appended.
@Suite struct AccessLineOrderTests {
    @Test func linesOfTwoThreadsKeepTheirOrder() {
        let written = AccessLineBufferTests.Written()
        let buffer = AccessLineBuffer(output: written.append)
        let turn = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let done = DispatchSemaphore(value: 0)
        // Two long-lived threads taking turns, each with its own pending buffer.
        Thread {
            for number in stride(from: 0, to: 20, by: 2) {
                buffer.append(AccessLineBufferTests.line("line \(number)"))
                turn.1.signal()
                turn.0.wait()
            }
            done.signal()
        }.start()
        Thread {
            for number in stride(from: 1, to: 20, by: 2) {
                turn.1.wait()
                buffer.append(AccessLineBufferTests.line("line \(number)"))
                turn.0.signal()
            }
            done.signal()
        }.start()
        done.wait()
        done.wait()
        buffer.flush()
        #expect(written.text == (0..<20).map { "line \($0)\n" }.joined())
    }

    @Test func mergingTakesTheLowestNumberFirst() {
        let merged = AccessLineBuffer.merged([
            (Array("a\nc\n".utf8), [(1, 2), (3, 4)]),
            (Array("b\nd\ne\n".utf8), [(2, 2), (4, 4), (5, 6)]),
        ])
        #expect(String(decoding: merged, as: UTF8.self) == "a\nb\nc\nd\ne\n")
    }
}
