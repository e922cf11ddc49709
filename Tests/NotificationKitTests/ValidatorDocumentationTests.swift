import Testing

@testable import NotificationKit

/// The push-type table the validator and `docs/validation-rules.md` describe covers every push
/// type. (Every diagnostic code against the document: `DiagnosticCodeDocumentTests`.)
@Suite struct ValidatorDocumentationTests {
    @Test func pushTypeRulesCoverEveryPushType() {
        #expect(Set(PushTypeRule.all.map(\.name)) == Set(APNsPushType.allCases.map(\.rawValue)))
    }
}
