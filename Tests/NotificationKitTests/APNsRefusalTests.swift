import Foundation
import JSON
import Testing

@testable import NotificationKit

/// One place maps a finding to what APNs answers instead of delivering (issue 25, point 6), and
/// the rules document quotes the same reason beside each mapped code.
@Suite struct APNsRefusalTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// A support ticket's payload: an order update whose custom data pushed it to 5 441 bytes.
    static let supportPayload =
        (try? String(
            contentsOf: root.appendingPathComponent("tests/fixtures/support-5441.json"), encoding: .utf8))
        ?? ""

    static func report(_ payload: String, headers: [String: String] = [:]) -> ValidationReport {
        PayloadAnalysis(payload: Array(payload.utf8), headers: headers, registry: nil).report
    }

    @Test func theSupportPayloadIsRefusedWith413PayloadTooLarge() {
        #expect(Self.supportPayload.utf8.count == 5441)
        let report = Self.report(Self.supportPayload)
        #expect(report.apnsRefusal == APNsRefusal(status: 413, reason: "PayloadTooLarge"))
        #expect(report.apnsRefusal?.sentence == "Not delivered: APNs answers 413 PayloadTooLarge")
    }

    @Test(
        arguments: [
            (["apns-priority": "7"], "400 BadPriority"),
            (["apns-push-type": "Alert"], "400 InvalidPushType"),
            (["apns-collapse-id": String(repeating: "c", count: 65)], "400 BadCollapseId"),
            (["apns-topic": "<bundle id>"], "400 BadTopic"),
            (["apns-push-type": "voip", "apns-topic": "com.example.chat"], "400 DeviceTokenNotForTopic"),
            (["apns-push-type": "background", "apns-priority": "10"], nil),
            ([:], nil),
        ] as [([String: String], String?)])
    func headersAPNsRefusesMapToItsAnswer(headers: [String: String], answer: String?) {
        let payload =
            headers["apns-push-type"] == "background"
            ? #"{"aps":{"content-available":1}}"# : #"{"aps":{"alert":"Hi"}}"#
        #expect(Self.report(payload, headers: headers).apnsRefusal?.description == answer)
    }

    @Test func theTextPictureHeadingPutsTheVerdictAndEveryErrorFirst() {
        let heading = Self.report(Self.supportPayload, headers: ["apns-priority": "7"]).pictureHeading
        let lines = heading.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("invalid (2 errors") == true)
        #expect(lines.dropFirst().first == "Not delivered: APNs answers 413 PayloadTooLarge")
        #expect(lines.filter { $0.hasPrefix("error: ") }.count == 2)
        #expect(lines.contains { $0.contains("[header.priority.value]") })
        #expect(Self.report(#"{"aps":{"alert":"Hi"}}"#).pictureHeading.hasPrefix("valid ("))
    }

    @Test func theValidateTextSaysNotDelivered() {
        let text = Self.report(Self.supportPayload).text(file: "ticket.json")
        #expect(text.contains("ticket.json: Not delivered: APNs answers 413 PayloadTooLarge\n"))
    }

    /// Every mapped reason is quoted in the row of its code in docs/validation-rules.md.
    @Test func theRulesDocumentQuotesEachMappedReason() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(
            contentsOf: root.appendingPathComponent("docs/validation-rules.md"), encoding: .utf8)
        let rows = document.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for (code, reasons) in APNsRefusal.mappedCodes {
            let row = rows.first { $0.hasPrefix("| `\(code)` |") }
            #expect(row != nil, "no row for \(code)")
            for reason in reasons {
                #expect(row?.contains("`\(reason)`") == true, "\(code) does not quote \(reason)")
            }
        }
    }
}
