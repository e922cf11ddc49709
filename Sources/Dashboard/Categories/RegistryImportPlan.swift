import JSON
import NotificationKit

/// What replacing the registry with a config would do, worked out before anything is written:
/// "adds reply-later, changes message, removes invite". The page shows it and asks for a
/// confirmation; the API answers it for `PUT /api/v1/categories?dryRun=true`.
struct RegistryImportPlan: Sendable, Equatable {
    /// Identifiers the config adds, in its order.
    let added: [String]
    /// Identifiers in both whose category differs, in the config's order.
    let changed: [String]
    /// What differs in each of `changed`, in the same order ("Action reply: title", "options"),
    /// so the page can say what an import changes, not only which category.
    let changeDetails: [[CategoryRevisionChanges.Change]]
    /// The action titles of each of `added`, in the same order (a category is known by its
    /// buttons).
    let addedActionTitles: [[String]]
    /// Identifiers the registry has and the config lacks, in the registry's order.
    let removed: [String]
    /// How many categories stay exactly as they are.
    let unchangedCount: Int

    /// The plan for replacing `current` with `incoming`. Identifiers are matched byte for byte,
    /// like iOS; categories are compared as the JSON they are stored as.
    init(current: CategoryConfig, incoming: CategoryConfig) {
        let before = Dictionary(
            current.categories.map { (Array($0.identifier.utf8), $0.jsonValue) },
            uniquingKeysWith: { a, _ in a })
        let after = Set(incoming.categories.map { Array($0.identifier.utf8) })
        var added: [String] = []
        var titles: [[String]] = []
        var changed: [String] = []
        var details: [[CategoryRevisionChanges.Change]] = []
        var unchanged = 0
        let writer = JSONWriter()
        for category in incoming.categories {
            switch before[Array(category.identifier.utf8)] {
            case nil:
                added.append(category.identifier)
                titles.append(category.actions.map(\.title))
            case let value? where value != category.jsonValue:
                changed.append(category.identifier)
                let changes = CategoryRevisionChanges(
                    from: writer.string(value), to: writer.string(category.jsonValue))
                details.append(changes.changes)
            default: unchanged += 1
            }
        }
        self.added = added
        self.addedActionTitles = titles
        self.changed = changed
        self.changeDetails = details
        self.removed = current.categories.map(\.identifier).filter { !after.contains(Array($0.utf8)) }
        self.unchangedCount = unchanged
    }

    /// Whether applying the plan changes nothing.
    var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

    /// "adds a, b; changes c; removes message", or "changes nothing".
    var summary: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("adds " + added.joined(separator: ", ")) }
        if !changed.isEmpty { parts.append("changes " + changed.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removes " + removed.joined(separator: ", ")) }
        return parts.isEmpty ? "changes nothing" : parts.joined(separator: "; ")
    }

    /// The plan as the API's JSON: `{"adds": […], "changes": […], "removes": […], "unchanged": n,
    /// "summary": "…"}`.
    var jsonValue: JSONValue {
        var object = JSONObjectBuilder()
        object.set("adds", .list(added.map(JSONValue.string)))
        object.set("changes", .list(changed.map(JSONValue.string)))
        object.set("removes", .list(removed.map(JSONValue.string)))
        object.set("unchanged", unchangedCount)
        object.set("summary", summary)
        return object.value
    }
}
