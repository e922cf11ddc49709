import Foundation
import NotificationKit
import Testing

@testable import APNs

/// Every answer is explained from the one table, with what only the send knows added.
@Suite struct ExplainerTests {
    @Test func everyReasonHasItsOwnExplanation() {
        var meanings: Set<String> = []
        for entry in APNsReason.all {
            let explanation = APNsAnswerExplainer.explain(
                status: entry.status, reason: entry.reason, environment: .sandbox)
            #expect(!explanation.meaning.contains("does not document"), "\(entry.reason)")
            #expect(explanation.offerRemoveDevice == (entry.status == 410), "\(entry.reason)")
            meanings.insert(explanation.meaning)
        }
        #expect(meanings.count == APNsReason.all.count)
    }

    @Test func aBadDeviceTokenNamesTheOtherEnvironment() {
        let production = APNsAnswerExplainer.explain(
            status: 400, reason: "BadDeviceToken", environment: .production)
        #expect(production.meaning.contains("this may be a sandbox token"))
        #expect(production.advice.contains("Choose Sandbox for this device"))
        let sandbox = APNsAnswerExplainer.explain(
            status: 400, reason: "BadDeviceToken", environment: .sandbox)
        #expect(sandbox.advice.contains("Choose Production for this device"))
    }

    @Test func a410SaysSinceWhen() {
        let date = Date(timeIntervalSince1970: 1_796_647_481)
        let explanation = APNsAnswerExplainer.explain(
            status: 410, reason: "Unregistered", environment: .production, timestamp: date)
        #expect(explanation.meaning.contains("2026-12-07 12:44:41 UTC"))
        #expect(explanation.offerRemoveDevice)
    }

    @Test func anUndocumentedReasonSaysSo() {
        let explanation = APNsAnswerExplainer.explain(status: 400, reason: "Brand new", environment: .sandbox)
        #expect(explanation.meaning.contains("does not document"))
    }
}
