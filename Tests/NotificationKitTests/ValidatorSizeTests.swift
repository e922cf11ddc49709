import Foundation
import Testing

@testable import NotificationKit

/// The byte limit is counted on the exact UTF-8 bytes, never on characters (apns-rules.md §2).
@Suite struct ValidatorSizeTests {
    static let texts = [("Czech", ValidatorText.czech), ("Vietnamese", ValidatorText.vietnamese)]

    @Test(arguments: texts)
    func exactly4096BytesIsAccepted(_ language: String, _ text: String) {
        let payload = ValidatorText.payload(text, bytes: 4096)
        #expect(payload.utf8.count == 4096)
        #expect(payload.count < 4096, "the text must be multi-byte for the test to mean anything")
        let report = Validator().validate(payload: payload)
        #expect(report.size == ValidationReport.Size(bytes: 4096, limit: 4096))
        #expect(report.valid, "\(report.diagnostics)")
    }

    @Test(arguments: texts)
    func byte4097IsRejected(_ language: String, _ text: String) throws {
        let payload = ValidatorText.payload(text, bytes: 4097)
        let report = Validator().validate(payload: payload)
        #expect(!report.valid)
        #expect(report.size.bytes == 4097)
        let diagnostic = try #require(report.diagnostic(.payloadTooLarge))
        #expect(
            diagnostic.message == "The payload is 4097 bytes; APNs accepts at most 4096 for alert pushes.")
        #expect(diagnostic.path == "$")
        #expect(diagnostic.line == 1 && diagnostic.column == 1)
    }

    /// NFD spells "ệ" as three scalars (7 bytes) instead of one (3 bytes): the same visible text
    /// that fits in NFC no longer fits.
    @Test(arguments: texts)
    func decomposedTextCountsItsExtraBytes(_ language: String, _ text: String) {
        let composed = ValidatorText.payload(text, bytes: 4096)
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(decomposed == composed, "Swift compares canonically equivalent strings as equal")
        #expect(decomposed.utf8.count > 4096)
        let report = Validator().validate(payload: decomposed)
        #expect(report.size.bytes == decomposed.utf8.count)
        #expect(report.codes.contains("payload.too-large"))
        #expect(Validator().validate(payload: composed).valid)
    }

    @Test func voipAllows5120Bytes() {
        let headers = ["apns-push-type": "voip", "apns-topic": "com.example.app.voip"]
        let fits = ValidatorText.payload(ValidatorText.vietnamese, bytes: 5120)
        let report = Validator().validate(payload: fits, headers: headers)
        #expect(report.valid, "\(report.diagnostics)")
        #expect(report.size == ValidationReport.Size(bytes: 5120, limit: 5120))
        let over = Validator().validate(
            payload: ValidatorText.payload(ValidatorText.czech, bytes: 5121), headers: headers)
        #expect(over.codes == ["payload.too-large"])
        let asAlert = Validator().validate(payload: fits)
        #expect(asAlert.codes.contains("payload.too-large"))
    }

    /// Whitespace and escapes are part of what is sent and are counted.
    @Test func whitespaceAndEscapesCount() {
        let spaced = #"{ "aps" : { "alert" : "\u0159" } }"#
        #expect(Validator().validate(payload: spaced).size.bytes == spaced.utf8.count)
    }

    /// A collapse id is limited to 64 bytes, not 64 characters: 32 × "ř" is 64 bytes.
    @Test(arguments: [("ř", 32, true), ("ř", 33, false), ("😀", 16, true), ("ệ", 21, true), ("ệ", 22, false)])
    func collapseIDIsCountedInBytes(_ character: String, _ count: Int, _ accepted: Bool) {
        let collapseID = String(repeating: character, count: count)
        let report = Validator().validate(
            payload: ValidatorCaseTable.ok, headers: ["apns-collapse-id": collapseID])
        #expect(report.codes.contains("header.collapse-id.too-long") == !accepted)
        #expect(collapseID.count <= 64)
    }

    @Test func collapseIDOf64And65MultiByteBytes() {
        let sixtyFour = String(repeating: "ệ", count: 21) + "x"
        let sixtyFive = String(repeating: "ř", count: 32) + "x"
        #expect(sixtyFour.utf8.count == 64 && sixtyFive.utf8.count == 65)
        #expect(
            Validator().validate(payload: ValidatorCaseTable.ok, headers: ["apns-collapse-id": sixtyFour])
                .valid)
        let rejected = Validator().validate(
            payload: ValidatorCaseTable.ok, headers: ["apns-collapse-id": sixtyFive])
        #expect(rejected.diagnostic(.headerCollapseIDTooLong)?.path == "header:apns-collapse-id")
        #expect(!rejected.valid)
    }
}
