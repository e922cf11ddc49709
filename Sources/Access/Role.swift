/// What a user or an API token may do. Each role includes the ones below it.
public enum Role: String, CaseIterable, Comparable, Sendable {
    /// Read, validate, preview and export (support staff).
    case viewer
    /// Also change categories, notifications and Live Activity types.
    case editor
    /// Also manage users, tokens and settings.
    case admin

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .admin: 2
        }
    }

    /// Orders roles by what they allow: viewer < editor < admin.
    public static func < (lhs: Role, rhs: Role) -> Bool {
        lhs.rank < rhs.rank
    }

    /// Whether this role may do what `needed` allows.
    public func includes(_ needed: Role) -> Bool {
        self >= needed
    }
}
