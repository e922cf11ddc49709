/// A stored Live Activity type whose document no longer reads as a type (a file edited by hand,
/// or one stored before today's limits). The snapshot leaves it out of the types payloads are
/// checked against, and names it here instead of dropping it silently: the server logs it at
/// start and `/activities` lists it, as `UnreadableCategory` does for categories.
public struct UnreadableActivityType: Error, Equatable, Sendable {
    /// The name the type is stored under.
    public let name: String
    /// Its revision.
    public let revision: Int
    /// The first error reading it gave.
    public let reason: String
}
