import JSON
import Testing

@testable import NotificationKit

/// The report's JSON (CONTRACT §4) and text renderings.
@Suite struct ReportRenderingTests {
    static let report = Validator(categoryIdentifiers: ["message"]).validate(
        payload: #"{"aps":{"alert":"x","category":"Message","badge":"5"}}"#,
        headers: ["apns-priority": "7", "apns-push-type": "alert"])

    @Test func compactJSONFollowsTheContract() {
        let expected =
            #"{"valid":false,"pushType":"alert","size":{"bytes":54,"limit":4096},"diagnostics":["#
            + #"{"severity":"error","code":"aps.badge.type","path":"$.aps.badge","#
            + #""message":"\"badge\" must be a number, not the string \"5\"; write 5 without quotes (APNs ignores string badges).","#
            + #""line":1,"column":50},"#
            + #"{"severity":"error","code":"header.priority.value","path":"header:apns-priority","#
            + #""message":"apns-priority must be 10, 5 or 1, not \"7\" (APNs answers 400 BadPriority)."},"#
            + #"{"severity":"warning","code":"category.case-mismatch","path":"$.aps.category","#
            + #""message":"\"Message\" is not registered; \"message\" is (identifiers are case-sensitive).","#
            + #""line":1,"column":32}]}"#
        #expect(Self.report.json() == expected)
    }

    @Test func prettyJSONReadsBackToTheSameTree() throws {
        let pretty = Self.report.json(style: .pretty)
        #expect(pretty.contains("\n  \"valid\": false,"))
        let read = JSONReader().read(pretty)
        let compactRead = JSONReader().read(Self.report.json())
        #expect(read.isValid && compactRead.isValid)
        #expect(JSONWriter().string(try #require(read.root).value) == Self.report.json())
    }

    /// Without `apns-push-type` the report says which push type it assumed (issue 14).
    @Test func validReportHasNoDiagnostics() {
        let report = Validator().validate(payload: ValidatorCaseTable.ok)
        #expect(
            report.json()
                == #"{"valid":true,"pushType":"alert","assumedPushType":"alert","size":{"bytes":57,"limit":4096},"diagnostics":[]}"#
        )
        #expect(report.summary.hasSuffix("57 of 4096 bytes for alert (assumed: no apns-push-type given)"))
        let given = Validator().validate(payload: ValidatorCaseTable.ok, headers: ["apns-push-type": "alert"])
        #expect(given.assumedPushType == nil && !given.json().contains("assumedPushType"))
    }

    @Test func textRenderingLooksLikeACompiler() {
        let expected = """
            push.json:1:50: error: "badge" must be a number, not the string "5"; write 5 without quotes \
            (APNs ignores string badges). [aps.badge.type]
            push.json: header:apns-priority: error: apns-priority must be 10, 5 or 1, not "7" (APNs answers \
            400 BadPriority). [header.priority.value]
            push.json:1:32: warning: "Message" is not registered; "message" is (identifiers are case-sensitive). \
            [category.case-mismatch]
            push.json: Not delivered: APNs answers 400 BadPriority
            push.json: invalid (2 errors, 1 warning, 0 infos); 54 of 4096 bytes for alert

            """
        #expect(Self.report.text(file: "push.json") == expected)
    }

    @Test func validityFollowsErrorsOnly() {
        let report = ValidationReport(
            pushType: "alert", size: .init(bytes: 1, limit: 4096),
            diagnostics: [Diagnostic(PayloadCode.apsUnknownKey, path: "$.aps.x", message: "m")])
        #expect(report.valid)
        #expect(report.summary == "valid (0 errors, 1 warning, 0 infos); 1 of 4096 bytes for alert")
    }
}
