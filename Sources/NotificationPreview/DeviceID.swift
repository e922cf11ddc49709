/// The devices a preview can be computed for (CONTRACT §6 `device=`).
public enum DeviceID: String, Sendable, CaseIterable, Hashable {
    case iphone320 = "iphone-320"
    case iphone375 = "iphone-375"
    case iphone390 = "iphone-390"
    case iphone393 = "iphone-393"
    case iphone402 = "iphone-402"
    case iphone414 = "iphone-414"
    case iphone420 = "iphone-420"
    case iphone428 = "iphone-428"
    case iphone430 = "iphone-430"
    case iphone440 = "iphone-440"
    case ipad
    case mac
    case carplay
    case watch
    case watch42 = "watch-42"

    /// The device previewed when the request names none.
    public static let `default` = DeviceID.iphone393

    /// The comma-separated list of valid ids, for error messages.
    public static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The surfaces this device has: a watch has its Short and Long Look, CarPlay its banner,
    /// everything else the banner, Lock Screen, Notification Center and the expanded view.
    public var surfaces: [Surface] { DeviceProfile(self).surfaces }

    /// What the picker says: a current model of that width and the width, "iPhone 16 · 393 pt".
    public var label: String {
        let profile = DeviceProfile(self)
        return "\(profile.name) · \(Int(profile.width)) pt"
    }
}

/// Where a notification is shown (CONTRACT §6 `surface=`), named as the platform names it.
public enum Surface: String, Sendable, CaseIterable, Hashable {
    case banner
    case lockScreen
    case notificationCenter
    case expanded
    /// Apple Watch: the brief look when the wrist is raised (icon, app name, title).
    case shortLook
    /// Apple Watch: the scrolling look that follows (title, body, media, actions, Dismiss).
    case longLook
    /// CarPlay: the notification banner, drawn as a dark list row.
    case carPlayBanner

    /// Whether this surface draws the compact platter (the expanded view and the watch's Long
    /// Look are the others).
    public var isCompact: Bool { self != .expanded && self != .longLook }

    /// Whether the platform shows action buttons here: when expanded, in the Long Look and,
    /// for categories allowed in CarPlay, on the CarPlay banner.
    public var showsActions: Bool { !isCompact || self == .carPlayBanner }

    /// The surface's name as people read it ("Lock Screen", "Long Look").
    public var title: String {
        switch self {
        case .banner: "Banner"
        case .lockScreen: "Lock Screen"
        case .notificationCenter: "Notification Center"
        case .expanded: "Expanded"
        case .shortLook: "Short Look"
        case .longLook: "Long Look"
        case .carPlayBanner: "CarPlay banner"
        }
    }

    /// The comma-separated list of valid ids, for error messages.
    public static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Which iOS the preview follows. Compact surfaces are the iOS 15–18 layout in both; the
/// expanded view differs: iOS 17–18 draws the compact layout above the media, iOS 10–14 the
/// old long look with an upper-case app-name header and 17 pt text.
public enum PreviewVersion: String, Sendable, CaseIterable, Hashable {
    case ios17to18 = "17-18"
    case ios10to14 = "10-14"

    /// The version shown when the request names none.
    public static let `default` = PreviewVersion.ios17to18

    /// The versions as the page and the JSON name them ("17–18", with an en dash).
    public var label: String {
        switch self {
        case .ios17to18: "17–18"
        case .ios10to14: "10–14"
        }
    }

    /// The iOS versions the page names for this layout: iOS 26.1's system code keeps iOS
    /// 18.2's compact geometry (ios-rendering.md §9: Liquid Glass changed the material, not
    /// the layout), so the default covers iOS 17 to 26. The API's `ios` stays `label`.
    public var displayName: String {
        switch self {
        case .ios17to18: "17–26"
        case .ios10to14: "10–14"
        }
    }

    /// The comma-separated list of valid values, for error messages.
    public static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
