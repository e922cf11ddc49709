/// The geometry of one device class (ios-rendering.md §1.1, §2, §7 step 2 and §8), the one
/// source both the engine and the page's stylesheet (`PreviewGeometry`) read.
///
/// iPhone and iPad numbers are read from iOS 18.2 system code (unchanged in iOS 26.1) and
/// checked on screenshots; CarPlay's banner is read from iOS 26.1's (ios-rendering.md §9), all
/// but its width; Mac and watch use the documented assumptions in docs/preview-model.md.
public struct DeviceProfile: Sendable {
    /// What kind of device it is, for the rules that differ by platform.
    public enum Kind: String, Sendable { case phone, pad, mac, carPlay, watch }

    /// The device id.
    public let id: DeviceID
    /// A current model of this width, as the picker names it.
    public let name: String
    /// Where the width comes from.
    public let source: String
    /// Screen (or window) width in points.
    public let width: Double
    /// Which platform rules apply.
    public let kind: Kind
    /// Width of the notification platter (the rounded card).
    public let platterWidth: Double
    /// App icon side (0 where none is drawn beside the text).
    public let iconSize: Double
    /// Inset of the icon from the platter's leading edge.
    public let iconLeading: Double
    /// Gap between the icon and the text column.
    public let iconGap: Double
    /// Trailing inset of the text column.
    public let textTrailing: Double
    /// Vertical padding above and below the text.
    public let padding: Double
    /// Corner radius of the platter.
    public let cornerRadius: Double

    /// Leading inset of the compact text column: icon inset, icon and gap.
    public var textLeading: Double { iconLeading + iconSize + iconGap }
    /// Width of the compact text column: platter − 81 pt on iPhone and iPad.
    public var compactColumn: Double { platterWidth - textLeading - textTrailing }
    /// Width of the iOS 10–14 expanded text column: platter − 17 − 15 pt.
    var legacyExpandedColumn: Double { min(platterWidth, 556) - 32 }

    /// The surfaces this device has, in the order they are drawn.
    public var surfaces: [Surface] {
        switch kind {
        case .watch: [.shortLook, .longLook]
        case .carPlay: [.carPlayBanner]
        case .phone, .pad, .mac: [.banner, .lockScreen, .notificationCenter, .expanded]
        }
    }

    /// The profile of `id`.
    public init(_ id: DeviceID) {
        self.id = id
        let watch = id == .watch || id == .watch42
        if id == .carplay {
            // iOS 26.1 NCCarPlayBannerContentView (ios-rendering.md §9): a 40 pt icon 10 pt in,
            // text from 58 pt, the OK/chevron control 12 pt from the edge after a 12 pt gap.
            (iconLeading, iconSize, iconGap, padding, cornerRadius) = (
                PreviewEngine.carPlayIconLeading, PreviewEngine.carPlayIconSide,
                PreviewEngine.carPlayTextLeading - PreviewEngine.carPlayIconLeading
                    - PreviewEngine.carPlayIconSide,
                0, PreviewEngine.carPlayCornerRadius
            )
            textTrailing =
                PreviewEngine.carPlayControlTrailing + PreviewEngine.carPlayControlWidth
                + PreviewEngine.carPlayControlGap
        } else {
            (iconLeading, iconSize, iconGap, textTrailing, padding, cornerRadius) =
                watch ? (8, 0, 0, 8, 8, 16) : (14, 38, 12, 17, 14, 23.5)
        }
        switch id {
        case .ipad:
            (name, width, kind, platterWidth) = ("iPad", 1024, .pad, 556)
            source = "iOS 18.2 SBFDashBoardViewMetrics: list width min(556, W − 16) (ios-rendering.md §1.1)"
        case .mac:
            (name, width, kind, platterWidth) = ("Mac", 1440, .mac, 344)
            source = "assumed: the macOS banner, 344 pt (docs/preview-model.md)"
        case .carplay:
            (name, width, kind, platterWidth) = ("CarPlay", 800, .carPlay, 320)
            source =
                "iOS 26.1 NCCarPlayBannerContentView: 60 pt banner, text from 58 pt (ios-rendering.md §9); "
                + "its 320 pt width on an 800 pt screen is assumed (docs/preview-model.md)"
        case .watch, .watch42:
            let big = id == .watch
            (name, width, kind) = (big ? "Apple Watch 46 mm" : "Apple Watch 42 mm", big ? 208 : 187, .watch)
            source =
                big
                ? "Apple Watch Series 10/11 46 mm: 416 × 496 px at 2× (Apple tech specs)"
                : "Apple Watch Series 10/11 42 mm: 374 × 446 px at 2× (Apple tech specs)"
            platterWidth = width
        default:
            let screen = Double(id.rawValue.dropFirst("iphone-".count)) ?? 393
            (width, kind, platterWidth) = (screen, .phone, screen - 16)
            (name, source) = Self.phone(Int(screen))
        }
    }

    /// Every device's profile, built once: a preview looks its device up instead of building
    /// the profile (and its strings) again.
    private static let profiles: [DeviceProfile] = DeviceID.allCases.map(DeviceProfile.init)

    /// The profile of `id`, from the table built once: found by comparing ids, which is
    /// cheaper for fifteen devices than hashing the id's text for a dictionary.
    static func of(_ id: DeviceID) -> DeviceProfile {
        for index in profiles.indices where profiles[index].id == id { return profiles[index] }
        return DeviceProfile(id)
    }

    /// The model name of `id` (`name`), as the preview document gives it.
    static func name(of id: DeviceID) -> String {
        of(id).name
    }

    /// A current model of each iPhone width and where the width comes from: the screen's
    /// pixel width in Apple's tech specs divided by its scale factor.
    private static func phone(_ width: Int) -> (String, String) {
        switch width {
        case 320: ("iPhone SE (1st gen.)", "iPhone SE (1st generation): 640 px at 2× (Apple tech specs)")
        case 375: ("iPhone SE", "iPhone SE (2nd and 3rd generation): 750 px at 2× (Apple tech specs)")
        case 390: ("iPhone 16e", "iPhone 16e, 14, 13, 12: 1170 px at 3× (Apple tech specs)")
        case 393: ("iPhone 16", "iPhone 16, 15, 15 Pro, 14 Pro: 1179 px at 3× (Apple tech specs)")
        case 402: ("iPhone 17", "iPhone 17, 17 Pro, 16 Pro: 1206 px at 3× (Apple tech specs)")
        case 414: ("iPhone 11", "iPhone 11, XR: 828 px at 2× (Apple tech specs)")
        case 420: ("iPhone Air", "iPhone Air: 2736 × 1260 px at 3× (Apple tech specs)")
        case 428: ("iPhone 14 Plus", "iPhone 14 Plus, 13 Pro Max: 1284 px at 3× (Apple tech specs)")
        case 430: ("iPhone 16 Plus", "iPhone 16 Plus, 15 Pro Max: 1290 px at 3× (Apple tech specs)")
        default: ("iPhone 17 Pro Max", "iPhone 17 Pro Max, 16 Pro Max: 1320 px at 3× (Apple tech specs)")
        }
    }

    /// Body line limit of a surface; nil means unlimited. CarPlay's banner never shows the body.
    func bodyLineLimit(on surface: Surface) -> Int? {
        switch surface {
        case .carPlayBanner: 0
        case .banner: 2
        case .lockScreen, .notificationCenter: 4
        case .expanded, .longLook: nil
        case .shortLook: 0
        }
    }

    /// Whether attachments are drawn at all (CarPlay shows no media).
    var showsMedia: Bool { kind != .carPlay }
}
