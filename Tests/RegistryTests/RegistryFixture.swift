import Foundation
import NotificationKit
import Registry
import Storage

/// A fresh data directory with a catalog on it, removed when the value goes away.
final class RegistryFixture: Sendable {
    let path: String
    let store: Store
    let catalog: CategoryCatalog

    init(changeCheckInterval: Duration = Database.defaultChangeCheckInterval) throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "pushboard-registry-tests-\(UUID().uuidString)")
        store = try Store(directory: path, changeCheckInterval: changeCheckInterval)
        catalog = CategoryCatalog(store: store.categories)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A category with one action whose title is `title`.
    static func category(_ identifier: String, title: String = "Odpovědět") -> NotificationCategory {
        NotificationCategory(
            identifier: identifier, actions: [NotificationAction(identifier: "reply", title: title)])
    }
}
