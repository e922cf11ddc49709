import Foundation
import NotificationKit
import Testing

@testable import APNs

/// The one table of reasons (NotificationKit's `APNsReason`) holds every reason Apple documents,
/// and every answer is explained from it.
@Suite struct ReasonTableTests {
    /// apns-rules.md §8, reason by reason.
    static let documented: [Int: [String]] = [
        400: [
            "BadCollapseId", "BadDeviceToken", "BadExpirationDate", "BadMessageId", "BadPriority", "BadTopic",
            "DeviceTokenNotForTopic", "DuplicateHeaders", "IdleTimeout", "InvalidPushType",
            "MissingDeviceToken",
            "MissingTopic", "PayloadEmpty", "TopicDisallowed",
            // broadcast
            "FeatureNotEnabled", "MissingChannelId", "BadChannelId", "ChannelNotRegistered",
            "BadRequestParams",
            "BadRequestPayload", "MissingPushType", "CannotCreateChannelConfig",
        ],
        403: [
            "BadCertificate", "BadCertificateEnvironment", "ExpiredProviderToken", "Forbidden",
            "InvalidProviderToken", "MissingProviderToken", "UnrelatedKeyIdInToken",
            "BadEnvironmentKeyInToken",
            "TopicMismatch",
        ],
        404: ["BadPath"], 405: ["MethodNotAllowed"], 410: ["ExpiredToken", "Unregistered"],
        413: ["PayloadTooLarge"], 429: ["TooManyProviderTokenUpdates", "TooManyRequests"],
        500: ["InternalServerError"], 503: ["ServiceUnavailable", "Shutdown"],
    ]

    @Test func everyDocumentedReasonIsInTheTableWithItsStatus() {
        var expected: [String: Int] = [:]
        for (status, reasons) in Self.documented { for reason in reasons { expected[reason] = status } }
        let table = Dictionary(uniqueKeysWithValues: APNsReason.all.map { ($0.reason, $0.status) })
        #expect(table == expected)
        for entry in APNsReason.all {
            #expect(!entry.meaning.isEmpty && !entry.advice.isEmpty, "\(entry.reason)")
        }
    }

    @Test func everyRefusalOfTheValidatorNamesADocumentedReason() {
        for reasons in APNsRefusal.mappedCodes.values {
            for reason in reasons { #expect(APNsReason.named(reason) != nil, "\(reason)") }
        }
    }

    @Test func docsSendingListsEveryReason() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/sending.md"), encoding: .utf8)
        for entry in APNsReason.all {
            #expect(
                text.contains("| \(entry.status) | `\(entry.reason)`"),
                "docs/sending.md lacks \(entry.reason)")
        }
    }
}
