/// The devices a preview can be computed for (CONTRACT §6 `device=`).
public enum DeviceID: String, Sendable, CaseIterable, Hashable {
    case iphone320 = "iphone-320"
    case iphone375 = "iphone-375"
    case iphone390 = "iphone-390"
    case iphone393 = "iphone-393"
    case iphone402 = "iphone-402"
    case iphone414 = "iphone-414"
    case iphone428 = "iphone-428"
    case iphone430 = "iphone-430"
    case iphone440 = "iphone-440"
    case ipad
    case mac
    case carplay
    case watch

    /// The device previewed when the request names none.
    public static let `default` = DeviceID.iphone393

    /// The comma-separated list of valid ids, for error messages.
    public static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Where a notification is shown (CONTRACT §6 `surface=`).
public enum Surface: String, Sendable, CaseIterable, Hashable {
    case banner
    case lockScreen
    case notificationCenter
    case expanded

    /// Whether this is one of the compact (short-look) surfaces, which never show actions.
    public var isCompact: Bool { self != .expanded }

    /// The comma-separated list of valid ids, for error messages.
    public static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
