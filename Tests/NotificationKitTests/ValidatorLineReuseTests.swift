import Testing

@testable import NotificationKit

/// `validate --jsonl` reads every line in buffers kept from line to line; each report must be
/// exactly the report of the line read on its own, whatever came before it.
@Suite struct ValidatorLineReuseTests {
    /// Lines of very different sizes and outcomes: a long one after a short one, broken lines
    /// between valid ones, duplicate keys, escapes, a line too deep to read.
    static let lines: [String] = [
        ValidatorCaseTable.ok,
        #"{"aps":{"alert":{"title":"Tin nhắn mới","body":""#
            + String(repeating: "Xin chào! Bạn có khỏe không? ", count: 120)
            + #""},"badge":3,"sound":"default","category":"message"},"media-url":"http://x.example/a.jpg"}"#,
        #"{"aps":{"alert":"x","badge":"5"}}"#,
        "[1,",
        #"{"aps":{"alert":"a\"b\u00e9\ud83d\ude00","thread_id":"t","relevance-score":1.5}}"#,
        "",
        #"{"aps":{"content-available":1},"aps":{"alert":"dup"}}"#,
        String(repeating: "[", count: 600),
        #"{"aps":{"alert":{"title":"Ahoj"},"sound":{"critical":1,"name":"alarm.caf","volume":2}},"data":{"items":[{"sku":"A","qty":1}]}}"#,
        ValidatorCaseTable.ok,
    ]

    /// The lines in three orders: as listed, reversed, and each between two others.
    static let orders: [[String]] = [
        lines, lines.reversed(), lines.indices.flatMap { [lines[$0], lines[($0 * 3 + 1) % lines.count]] },
    ]

    @Test(arguments: 0..<3, [false, true])
    func reusedReadsReportLikeFreshOnes(_ order: Int, _ envelope: Bool) {
        let lines = Self.orders[order].map {
            envelope
                ? #"{"headers":{"apns-push-type":"alert"},"payload":"# + ($0.isEmpty ? "null" : $0) + "}" : $0
        }
        let validator = JSONLinesValidator(validator: Validator(), envelope: envelope)
        let reports = validator.reports(for: Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(reports.count == lines.count)
        for (index, line) in lines.enumerated() {
            let fresh = Array(line.utf8).withUnsafeBufferPointer {
                validator.report(for: .text($0), lineNumber: index + 1)
            }
            #expect(reports[index] == fresh, "line \(index + 1)")
            var direct =
                envelope
                ? Validator().validate(envelope: Array(line.utf8), headers: [:], lineOffset: index)
                : Validator().validate(payload: Array(line.utf8), headers: [:], lineOffset: index)
            direct.inputLine = index + 1  // each report of a run names its line
            #expect(reports[index] == direct, "line \(index + 1)")
        }
    }

    /// Header options checked once for the whole run (`HeaderCheck`) give every line the report
    /// of that line validated alone with the same headers: bad and missing headers, a push type
    /// with other rules, a broadcast, `strict`.
    @Test(
        arguments: [
            [:], ["apns-push-type": "background", "apns-priority": "10"],
            ["apns-push-type": "alrt", "apns-topic": " ", "apns-collapse-id": ""],
            ["apns-push-type": "liveactivity", "apns-topic": "com.example.app", "apns-expiration": "1e3"],
            ["apns-channel-id": "not base64!", "apns-push-type": "liveactivity", "apns-id": "X"],
            ["apns-push-type": "voip", "apns-priority": "5\n"],
        ] as [[String: String]], [false, true])
    func headersCheckedOnceReportLikeEachLineAlone(_ headers: [String: String], _ strict: Bool) {
        let validator = Validator(registry: nil, strict: strict)
        let lines = JSONLinesValidator(validator: validator, headers: headers, workers: 1)
        let reports = lines.reports(for: Array((Self.lines.joined(separator: "\n") + "\n").utf8))
        #expect(reports.count == Self.lines.count)
        for (index, line) in Self.lines.enumerated() {
            var alone = validator.validate(payload: Array(line.utf8), headers: headers, lineOffset: index)
            alone.inputLine = index + 1  // each report of a run names its line
            #expect(reports[index] == alone, "line \(index + 1)")
        }
        // What is said about the headers themselves is the same on every line that was read.
        let headerFindings = Set(
            reports.map {
                $0.diagnostics.filter { $0.path.hasPrefix("header:") && $0.line == nil }.map(\.code)
            })
        #expect(headerFindings.count == 1)
        #expect(headerFindings.first?.isEmpty == headers.isEmpty)
    }
}
