import Storage

/// A settings write with its audit record (`settings.update` on `/settings`): which settings
/// changed, from what to what, so the trail answers "who renamed the app" without a diff of
/// the database. A save that changes nothing records nothing.
enum SettingsChange {
    /// Applies `change` to the stored settings as `author` and notes what it changed.
    @discardableResult
    static func update(
        _ store: SettingsStore, by author: String, _ change: (inout WorkspaceSettings) throws -> Void
    ) throws -> WorkspaceSettings {
        var before: WorkspaceSettings?
        let saved = try store.update(by: author) { settings in
            before = settings
            try change(&settings)
        }
        if let before, let detail = detail(from: before, to: saved) {
            AuditedChanges.note("settings.update", object: "/settings", detail: detail)
        }
        return saved
    }

    /// "appName: "Chat" → "Chat Pro"; appIcon: replaced", or nil when nothing changed.
    static func detail(from old: WorkspaceSettings, to new: WorkspaceSettings) -> String? {
        var parts: [String] = []
        func text(_ value: String?) -> String {
            value.map { "\"\($0.prefix(80))\"" } ?? "none"
        }
        if old.appName != new.appName {
            parts.append("appName: \(text(old.appName)) → \(text(new.appName))")
        }
        if old.appBundleID != new.appBundleID {
            parts.append("appBundleID: \(text(old.appBundleID)) → \(text(new.appBundleID))")
        }
        if old.appIcon?.entityTag != new.appIcon?.entityTag {
            let verb = new.appIcon == nil ? "removed" : old.appIcon == nil ? "added" : "replaced"
            parts.append("appIcon: \(verb)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
