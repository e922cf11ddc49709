import Foundation
import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage
import Testing

@testable import Dashboard

/// The caches the request path reads instead of the database (`Database.changeGeneration()`):
/// each rebuilds after a write of this process at once, and after another process's write once
/// the change check interval has passed.
@Suite struct ChangeAwareCacheTests {
    static func delivery(_ status: String) throws -> ActivityTypeDocument {
        let source = ActivitiesAPITests.swiftSource.replacingOccurrences(of: "delivered", with: status)
        let type = SwiftSourceImporter.importTypes(from: source).types[0]
        return try type.storedDocument(source: source, format: .swift)
    }

    static func statuses(_ types: ActivityTypeSet) -> String {
        types.types.map { JSONWriter().string($0.schema) }.joined()
    }

    @Test func activityTypesFollowOwnAndForeignWrites() throws {
        let directory = NSTemporaryDirectory() + "pushboard-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try Store(directory: directory, changeCheckInterval: .zero)
        let cache = ActivityCatalog(store: server.activityTypes)
        #expect(try cache.types().types.isEmpty)
        _ = try server.activityTypes.put(Self.delivery("delivered"), by: "t")
        #expect(try Self.statuses(cache.types()).contains("delivered"))
        let cli = try Store(directory: directory)
        _ = try cli.activityTypes.put(Self.delivery("handedOver"), by: "cli")
        let seen = try Self.statuses(cache.types())
        #expect(seen.contains("handedOver") && !seen.contains("delivered"))
        #expect(try cli.activityTypes.delete("DeliveryAttributes", by: "cli"))
        #expect(try cache.types().types.isEmpty)
    }

    /// The workspace settings every preview draws with: cached, yet an update shows at once.
    @Test func settingsFollowWrites() throws {
        let directory = NSTemporaryDirectory() + "pushboard-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try Store(directory: directory, changeCheckInterval: .zero)
        #expect(try server.settings.settings().appName == nil)
        try server.settings.update(by: "t") { $0.appName = "Pošta" }
        #expect(try server.settings.settings().appName == "Pošta")
        try Store(directory: directory).settings.update(by: "cli") { $0.appName = "Kurýr" }
        #expect(try server.settings.settings().appName == "Kurýr")
    }

    /// Answers that are not HTML pass the session strip untouched: `/healthz` is its constant body.
    @Test func jsonAnswersAreNotDecorated() throws {
        let fixture = try AccessDashboard(openWithoutUsers: true, withUsers: false)
        let health = fixture.send(.get, "/healthz")
        #expect(health.body == Array(HealthReport.json.utf8))
        #expect(
            DashboardFixture.text(fixture.send(.get, "/")).contains("No login: this dashboard has no users"))
    }
}
