import NotificationKit
import Storage

/// The registry as a `CategoryConfig`, read back from the stored documents.
struct CategoryRegistryReader {
    let store: CategoryStore

    /// The registry in order. Documents are only ever written by this API after a clean read,
    /// so one that no longer reads is skipped rather than failing every page.
    func config() throws -> CategoryConfig {
        let stored = try store.registry().categories
        return CategoryConfig(
            categories: stored.compactMap { NotificationCategory.read(Array($0.json.utf8)).category })
    }
}
