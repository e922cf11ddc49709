import JSON

/// The category config an app and the server share (CONTRACT §5): every category a payload may
/// name, with its actions, exactly as the app registers them with UNUserNotificationCenter.
public struct CategoryConfig: Sendable, Hashable {
    /// The categories in file order.
    public var categories: [NotificationCategory]

    /// A config from its categories.
    public init(categories: [NotificationCategory] = []) {
        self.categories = categories
    }

    /// The category registered under exactly `identifier` (case-sensitive, as iOS matches
    /// `aps.category`), or nil.
    public func category(identifiedBy identifier: String) -> NotificationCategory? {
        categories.first { CategoryKey.same($0.identifier, identifier) }
    }

    /// The categories whose identifier equals `identifier` ignoring case but not exactly, so a
    /// validator can say "`Message` is not registered; `message` is". Both sides are lowercased and
    /// then compared byte for byte: an NFD spelling of an NFC identifier differs in more than case.
    public func categories(caseInsensitivelyMatching identifier: String) -> [NotificationCategory] {
        let folded = CategoryKey.folded(identifier)
        return categories.filter {
            !CategoryKey.same($0.identifier, identifier) && CategoryKey.folded($0.identifier) == folded
        }
    }

    /// Every category identifier, in order (what `Validator(categoryIdentifiers:)` takes).
    public var identifiers: [String] {
        categories.map(\.identifier)
    }
}

/// Where a model value was read from. It never takes part in equality or hashing, so a config
/// read from a file equals the same config made in code (read → write → read is identity).
public struct ModelSourceLocation: Sendable, Hashable {
    /// The span of the JSON value, nil when made in code.
    public var span: JSONSpan?

    /// A location; nil when the value was made in code.
    public init(_ span: JSONSpan? = nil) {
        self.span = span
    }

    /// Locations are ignored by equality.
    public static func == (lhs: ModelSourceLocation, rhs: ModelSourceLocation) -> Bool { true }

    /// Locations are ignored by hashing.
    public func hash(into hasher: inout Hasher) {}
}
