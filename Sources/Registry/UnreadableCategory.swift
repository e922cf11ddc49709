/// A stored category document that no longer reads as a category (a file damaged or edited by
/// hand). The snapshot leaves it out of the config, so every page and the API still work, and
/// names it here instead of dropping it silently: the server logs it at start and `/categories`
/// lists it. Thrown by the one decoding of a stored document.
public struct UnreadableCategory: Error, Equatable, Sendable {
    /// The identifier the document is stored under.
    public let identifier: String
    /// Its revision.
    public let revision: Int
    /// The first error reading it gave.
    public let reason: String
}
