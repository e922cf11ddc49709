import Foundation
import JSON
import NotificationKit
import Storage

/// A stored category document that no longer reads as a category (a file damaged or edited by
/// hand). `CategoryConfig(registry:)` leaves such documents out so every page still works; this
/// is where they are named instead of dropped silently: logged at start with their identifier,
/// and listed on `/categories`.
struct UnreadableCategory: Equatable {
    /// The identifier the document is stored under.
    let identifier: String
    /// Its revision.
    let revision: Int
    /// The first error reading it gave.
    let reason: String

    /// Every document of `registry` that does not read as a category, in registry order.
    static func all(in registry: CategoryRegistry) -> [UnreadableCategory] {
        registry.categories.compactMap { stored in
            let (category, diagnostics) = NotificationCategory.read(Array(stored.json.utf8))
            guard category == nil else { return nil }
            let reason = diagnostics.first { $0.severity == .error }?.message ?? "it is not a category"
            return UnreadableCategory(
                identifier: stored.identifier, revision: stored.revision, reason: reason)
        }
    }

    /// Writes one line per unreadable document of `store` to standard error (at start).
    static func log(in store: CategoryStore) {
        guard let registry = try? store.registry() else { return }
        for unreadable in all(in: registry) {
            FileHandle.standardError.write(
                Data(
                    ("pushboard: stored category \(JSONWriter.quoted(unreadable.identifier)) (revision "
                        + "\(unreadable.revision)) no longer reads and is left out: \(unreadable.reason)\n")
                        .terminalSafe.utf8))
        }
    }
}
