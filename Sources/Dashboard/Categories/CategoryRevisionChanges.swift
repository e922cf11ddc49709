import JSON
import NotificationKit

/// What differs between two versions of a category, member by member and action by action:
/// "Action reply: title", "Options", "Removed action delete".
struct CategoryRevisionChanges: Sendable {
    /// One difference, with both sides as compact JSON (empty when absent).
    struct Change: Sendable, Equatable {
        /// What changed, in words.
        var label: String
        /// The value before.
        var before: String
        /// The value after.
        var after: String
    }

    /// The differences, in document order.
    let changes: [Change]

    /// The differences from the JSON text `old` (nil: nothing before) to `new` (nil: deleted).
    init(from old: String?, to new: String?) {
        let before = old.flatMap { JSONReader().read($0).root?.value.objectMembers } ?? []
        let after = new.flatMap { JSONReader().read($0).root?.value.objectMembers } ?? []
        var changes: [Change] = []
        var keys = before.map(\.key)
        for key in after.map(\.key) where !keys.contains(key) { keys.append(key) }
        for key in keys where key != "identifier" {
            let was = before.first { $0.key == key }?.value.value
            let now = after.first { $0.key == key }?.value.value
            // Compared as written: a node's value carries its place in its own text, so two
            // equal values read from different documents would differ.
            guard Self.text(was) != Self.text(now) else { continue }
            if key == "actions" {
                changes += Self.actionChanges(was?.arrayElements ?? [], now?.arrayElements ?? [])
            } else {
                changes.append(Change(label: key, before: Self.text(was), after: Self.text(now)))
            }
        }
        self.changes = changes
    }

    /// The differences of each action, matched by identifier; a change of order alone is one row.
    private static func actionChanges(_ old: [JSONNode], _ new: [JSONNode]) -> [Change] {
        func identifier(_ node: JSONNode) -> String { node["identifier"]?.value.stringValue ?? "" }
        var changes: [Change] = []
        for action in new {
            let name = identifier(action)
            guard let was = old.first(where: { identifier($0) == name }) else {
                changes.append(Change(label: "Added action \(name)", before: "", after: text(action.value)))
                continue
            }
            for member in action.value.objectMembers ?? []
            where text(was[member.key]?.value) != text(member.value.value) {
                changes.append(
                    Change(
                        label: "Action \(name): \(member.key)", before: text(was[member.key]?.value),
                        after: text(member.value.value)))
            }
            for member in was.value.objectMembers ?? [] where action[member.key] == nil {
                changes.append(
                    Change(
                        label: "Action \(name): \(member.key)", before: text(member.value.value), after: ""))
            }
        }
        for action in old where !new.contains(where: { identifier($0) == identifier(action) }) {
            changes.append(
                Change(label: "Removed action \(identifier(action))", before: text(action.value), after: ""))
        }
        if changes.isEmpty, old.map(identifier) != new.map(identifier) {
            changes.append(
                Change(
                    label: "Order of actions", before: old.map(identifier).joined(separator: ", "),
                    after: new.map(identifier).joined(separator: ", ")))
        }
        return changes
    }

    private static func text(_ value: JSONValue?) -> String {
        guard let value else { return "" }
        if case .string(let text) = value { return text }
        return JSONWriter().string(value)
    }
}
