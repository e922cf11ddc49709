import Foundation
import JSON
import Testing

@testable import NotificationKit

/// `validate --jsonl`: one report per line, in order, whatever the chunking, in constant memory.
@Suite struct ValidatorJSONLinesTests {
    static let lines = [
        ValidatorCaseTable.ok,
        #"{"aps":{"alert":"x","badge":"5"}}"#,
        "",
        #"{"aps":{"alert":"Příliš žluťoučký kůň 😀"}}"#,
        "[1,",
    ]

    @Test func oneReportPerLineInOrder() {
        let text = Self.lines.joined(separator: "\n") + "\n"
        let reports = JSONLinesValidator(validator: Validator()).reports(for: Array(text.utf8))
        #expect(reports.count == 5)
        #expect(reports.map(\.valid) == [true, false, false, true, false])
        #expect(reports[1].diagnostic(.apsBadgeType)?.line == 2)
        #expect(reports[2].codes == ["json.empty"])
        #expect(reports[3].size.bytes == Self.lines[3].utf8.count)
        #expect(reports[4].diagnostics.first?.line == 5)
    }

    /// Every report names its line, valid ones too, first in its JSON (issue 25): a pipeline
    /// matches a report to its input without counting lines.
    @Test func everyReportNamesItsLine() {
        let text = Self.lines.joined(separator: "\n") + "\n"
        let reports = JSONLinesValidator(validator: Validator()).reports(for: Array(text.utf8))
        #expect(reports.map(\.inputLine) == [1, 2, 3, 4, 5])
        #expect(reports[0].json().hasPrefix(#"{"line":1,"valid":true,"#))
        #expect(reports[3].json() == JSONWriter().string(reports[3].jsonValue))
        var output: [UInt8] = []
        var scratch: [UInt8] = []
        reports[1].appendCompactJSON(to: &output, scratch: &scratch)
        #expect(String(decoding: output, as: UTF8.self).hasPrefix(#"{"line":2,"valid":false,"#))
    }

    @Test func lastLineWithoutNewlineAndCRLF() {
        let text = ValidatorCaseTable.ok + "\r\n" + ValidatorCaseTable.ok
        let reports = JSONLinesValidator(validator: Validator()).reports(for: Array(text.utf8))
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { $0.valid && $0.size.bytes == ValidatorCaseTable.ok.utf8.count })
    }

    /// Lines cut across chunks at every possible place give the same reports as whole lines.
    @Test(arguments: [1, 2, 3, 7, 64])
    func chunkBoundariesDoNotMatter(_ chunkSize: Int) {
        let text = Array((Self.lines.joined(separator: "\n") + "\n").utf8)
        let expected = JSONLinesValidator(validator: Validator()).reports(for: text)
        var splitter = JSONLineSplitter(maximumLineBytes: 1 << 20)
        var reports: [ValidationReport] = []
        let validator = JSONLinesValidator(validator: Validator())
        let collect: (JSONLineSplitter.Line) -> Void = { line in
            reports.append(validator.report(for: line, lineNumber: reports.count + 1))
        }
        text.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + chunkSize, buffer.count)
                splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]), collect)
                start = end
            }
        }
        splitter.finish(collect)
        #expect(reports == expected)
    }

    @Test func overlongLineIsCountedNotKept() {
        let long = #"{"aps":{"alert":""# + String(repeating: "ř", count: 3000) + #""}}"#
        let text = long + "\n" + ValidatorCaseTable.ok + "\n"
        let validator = JSONLinesValidator(validator: Validator(), maximumLineBytes: 1000)
        let reports = validator.reports(for: Array(text.utf8))
        #expect(reports.count == 2)
        #expect(reports[0].codes == ["payload.too-large"])
        #expect(reports[0].diagnostics.first?.message.contains("1000-byte line limit") == true)
        #expect(reports[0].size.bytes == long.utf8.count)
        #expect(reports[1].valid)
    }

    /// An over-long line is judged against the limit of the run's request, as a line that was
    /// read would be: a broadcast's 5 120 bytes, a VoIP push's 5 120, an alert's 4 096.
    @Test(arguments: [
        (["apns-push-type": "liveactivity", "apns-channel-id": "dHJ5"], "liveactivity", 5120),
        (["apns-push-type": "voip"], "voip", 5120),
        ([:], "alert", 4096),
    ])
    func overlongLineHasTheLimitOfTheRunsHeaders(_ headers: [String: String], pushType: String, limit: Int) {
        let long = #"{"aps":{"alert":""# + String(repeating: "x", count: 2000) + #""}}"#
        let validator = JSONLinesValidator(validator: Validator(), headers: headers, maximumLineBytes: 1000)
        let report = validator.reports(for: Array(long.utf8))[0]
        #expect(report.codes == ["payload.too-large"])
        #expect(report.pushType == pushType)
        #expect(report.size == ValidationReport.Size(bytes: long.utf8.count, limit: limit))
    }

    /// An over-long line is counted, never kept, wherever the chunks cut it.
    @Test(arguments: [1, 7, 999, 1000, 1001, 4096])
    func overlongLineAcrossChunks(_ chunkSize: Int) {
        let long = #"{"aps":{"alert":""# + String(repeating: "ệ", count: 1000) + #""}}"#
        let text = Array((ValidatorCaseTable.ok + "\n" + long + "\n" + ValidatorCaseTable.ok).utf8)
        var splitter = JSONLineSplitter(maximumLineBytes: 1000)
        var lines: [String] = []
        let collect: (JSONLineSplitter.Line) -> Void = { line in
            switch line {
            case .text(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
            case .tooLong(let length): lines.append("too long: \(length)")
            }
        }
        text.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + chunkSize, buffer.count)
                splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]), collect)
                start = end
            }
        }
        splitter.finish(collect)
        #expect(lines == [ValidatorCaseTable.ok, "too long: \(long.utf8.count)", ValidatorCaseTable.ok])
    }

    @Test func envelopeSizeIsThePayloadTextAsWritten() {
        let payload = #"{ "aps" : { "alert" : "Xin chào" } }"#
        let line =
            #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.app.voip"}, "payload": "#
            + payload + "}"
        let validator = JSONLinesValidator(validator: Validator(), envelope: true)
        let reports = validator.reports(for: Array(line.utf8))
        #expect(reports.count == 1)
        #expect(reports[0].size == ValidationReport.Size(bytes: payload.utf8.count, limit: 5120))
        #expect(reports[0].pushType == "voip")
        #expect(reports[0].valid, "\(reports[0].diagnostics)")
    }

    @Test func envelopePathsAreRelativeToThePayload() throws {
        let line = #"{"payload": {"aps": {"alert": "x", "badge": -1, "alert": "y"}}}"#
        let report = Validator().validate(envelope: Array(line.utf8))
        #expect(report.diagnostic(.apsBadgeRange)?.path == "$.aps.badge")
        let duplicate = try #require(report.diagnostics.first { $0.code == "json.duplicate-key" })
        #expect(duplicate.path.hasPrefix("$.aps"))
    }

    /// However many threads validate, the output is the same bytes in the same order.
    @Test(arguments: [1, 2, 3])
    func runStreamsFromOneDescriptorToAnother(_ workers: Int) throws {
        let directory = FileManager.default.temporaryDirectory
        let input = directory.appendingPathComponent(
            "validator-jsonl-\(UInt32.random(in: 0...UInt32.max)).jsonl")
        let output = input.appendingPathExtension("out")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        var text = ""
        for index in 0..<5000 {
            text += index % 10 == 3 ? #"{"aps":{"alert":"x","badge":-1}}"# : ValidatorCaseTable.ok
            text += "\n"
        }
        try text.write(to: input, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let reader = try FileHandle(forReadingFrom: input)
        let writer = try FileHandle(forWritingTo: output)
        let summary = try JSONLinesValidator(validator: Validator(), workers: workers)
            .run(input: reader.fileDescriptor, output: writer.fileDescriptor)
        try reader.close()
        try writer.close()
        #expect(summary == JSONLinesValidator.Summary(lines: 5000, invalidLines: 500))
        let written = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(written.count == 5000)
        #expect(written[3].hasPrefix(#"{"line":4,"valid":false"#))
        #expect(written[3].contains(#""line":4,"column""#))
        #expect(
            written[4]
                == #"{"line":5,"valid":true,"pushType":"alert","assumedPushType":"alert","size":{"bytes":57,"limit":4096},"diagnostics":[]}"#
        )
        for (index, line) in written.enumerated() {
            let expectedLine = index % 10 == 3 ? #""line":\#(index + 1),"# : #""diagnostics":[]"#
            #expect(line.contains(expectedLine), "line \(index + 1): \(line)")
        }
    }
}
