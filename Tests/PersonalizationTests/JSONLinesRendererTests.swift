import Foundation
import JSON
import NotificationKit
import Personalization
import Testing

/// The JSON Lines renderer: one result line per input line, in input order, across batches and
/// threads; a line over the limit is answered as invalid without being kept.
@Suite struct JSONLinesRendererTests {
    static func run(_ input: String, workers: Int, batchLines: Int, maximumLineBytes: Int = 1 << 20) throws
        -> (lines: [JSONValue], summary: JSONLinesRenderer.Summary)
    {
        let template = try Fixtures.template(
            #"{"aps":{"alert":{"body":"Hi {{ name }}"}}}"#,
            [VariableDeclaration(name: "name", type: .text, example: "Anna", maxLength: 200)])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("in.jsonl")
        let outputURL = directory.appendingPathComponent("out.jsonl")
        try Data(input.utf8).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let input = open(inputURL.path, O_RDONLY)
        let output = open(outputURL.path, O_WRONLY)
        defer {
            close(input)
            close(output)
        }
        let renderer = JSONLinesRenderer(
            line: RecipientLine(template: template, validator: Fixtures.validator), workers: workers,
            batchLines: batchLines, maximumLineBytes: maximumLineBytes)
        let summary = try renderer.run(input: input, output: output)
        let text = try String(contentsOf: outputURL, encoding: .utf8)
        return (
            text.split(separator: "\n").map { JSONReader().read(String($0)).root?.value ?? .null }, summary
        )
    }

    @Test(arguments: [(1, 7), (4, 7), (3, 1000)])
    func everyLineInInputOrder(workers: Int, batchLines: Int) throws {
        let input = (1...250).map { #"{"name":"n\#($0)"}"# }.joined(separator: "\n")  // no final newline
        let (lines, summary) = try Self.run(input, workers: workers, batchLines: batchLines)
        #expect(summary.lines == 250 && summary.invalidLines == 0)
        #expect(lines.count == 250)
        for (index, line) in lines.enumerated() {
            #expect(line["line"]?.value.numberValue?.int64Value == Int64(index + 1))
            #expect(
                line["payload"]?.value["aps"]?.value["alert"]?.value["body"]?.value.stringValue
                    == "Hi n\(index + 1)")
        }
    }

    @Test func badAndOversizedLinesAreAnsweredInPlace() throws {
        let long = String(repeating: "x", count: 5000)
        let input = "{\"name\":\"a\"}\n\n{\"name\":\"\(long)\"}\n[1]\n{\"name\":\"b\"}\n"
        let (lines, summary) = try Self.run(input, workers: 2, batchLines: 2, maximumLineBytes: 1000)
        #expect(summary.lines == 5 && summary.invalidLines == 3)
        #expect(lines.map { $0["valid"]?.value.boolValue } == [true, false, false, false, true])
        #expect(lines.map { $0["line"]?.value.numberValue?.int64Value } == [1, 2, 3, 4, 5])
    }
}
