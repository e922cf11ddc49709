import Foundation

@testable import NotificationKit

/// The activity type fixtures in `Fixtures/activities`, read once.
enum ActivityTypeFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/activities")

    static func text(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// `DeliveryAttributes` imported from its Swift source.
    static let delivery: ActivityAttributesType? = SwiftSourceImporter.importTypes(
        from: text("DeliveryAttributes.swift")
    ).types.first

    /// `ScoreAttributes` imported from its JSON Schema.
    static let score: ActivityAttributesType? = ActivitySchemaReader.importTypes(
        from: Array(text("ScoreAttributes.schema.json").utf8)
    ).types.first

    /// Both, as the validator's registry.
    static var registry: ActivityTypeSet {
        ActivityTypeSet([delivery, score].compactMap { $0 })
    }
}
