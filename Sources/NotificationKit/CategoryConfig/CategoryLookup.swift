/// A category config indexed for the questions a payload asks of it: "which category is exactly
/// this identifier" and "which one differs only in case". Built once per registry revision (the
/// `Registry` module keeps one per snapshot), so checking a payload costs the same with 500
/// categories as with one.
public struct CategoryLookup: Sendable {
    /// The categories, in registry order.
    public let config: CategoryConfig
    /// Exact key → position of the first category with it.
    private let exact: [CategoryKey: Int]
    /// Lowercased key → position of the first category with it.
    private let folded: [CategoryKey: Int]

    /// The index of `config`.
    public init(_ config: CategoryConfig) {
        self.config = config
        var exact: [CategoryKey: Int] = [:]
        var folded: [CategoryKey: Int] = [:]
        for (position, category) in config.categories.enumerated() {
            let key = CategoryKey(category.identifier)
            if exact[key] == nil { exact[key] = position }
            let lowered = CategoryKey.folded(category.identifier)
            if folded[lowered] == nil { folded[lowered] = position }
        }
        self.exact = exact
        self.folded = folded
    }

    /// An index of bare identifiers (categories without actions), for checks that need no more.
    public init(identifiers: [String]) {
        self.init(CategoryConfig(categories: identifiers.map { NotificationCategory(identifier: $0) }))
    }

    /// Every identifier, in order.
    public var identifiers: [String] { config.identifiers }

    /// The category registered under exactly `identifier`, or nil.
    public func category(identifiedBy identifier: String) -> NotificationCategory? {
        exact[CategoryKey(identifier)].map { config.categories[$0] }
    }

    /// The first category whose identifier equals `identifier` once both are lowercased.
    public func category(foldedLike identifier: String) -> NotificationCategory? {
        folded[CategoryKey.folded(identifier)].map { config.categories[$0] }
    }
}
