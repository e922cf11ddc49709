public import JSON

/// Why the registry refused a write; nothing was changed.
public enum RegistryRefusal: Error, Sendable {
    /// The caller's expected revision is not the current one (HTTP 412, the form's 409):
    /// `current` is the revision now (nil when the category does not exist).
    case stale(current: Int?)
    /// The registry after the write would have these errors (HTTP 422).
    case invalid([Diagnostic])
    /// No category has the identifier (HTTP 404).
    case notFound
}
