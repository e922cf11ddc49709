/// The geometry of one device class (ios-rendering.md §1.1, §2 and §7 step 2).
///
/// iPhone and iPad numbers are read from iOS 18.2 system code; Mac, CarPlay and watch are not
/// covered by the reference and use the documented assumptions in docs/preview-model.md.
struct DeviceProfile: Sendable {
    /// What kind of device it is, for the rules that differ by platform.
    enum Kind: Sendable { case phone, pad, mac, carPlay, watch }

    /// The device id.
    let id: DeviceID
    /// Screen (or window) width in points.
    let width: Double
    /// Which platform rules apply.
    let kind: Kind
    /// Width of the notification platter (the rounded card).
    let platterWidth: Double
    /// Leading inset of the compact text column (icon 38 + gaps; 0 where no icon is drawn).
    let textLeading: Double
    /// Trailing inset of the compact text column.
    let textTrailing: Double

    /// Width of the compact text column: platter − 81 pt on iPhone and iPad.
    var compactColumn: Double { platterWidth - textLeading - textTrailing }
    /// Width of the expanded text column: platter − 17 − 15 pt (the watch keeps its narrow
    /// compact margins).
    var expandedColumn: Double { kind == .watch ? compactColumn : min(platterWidth, 556) - 32 }

    /// The profile of `id`.
    init(_ id: DeviceID) {
        self.id = id
        switch id {
        case .ipad:
            (width, kind, platterWidth, textLeading, textTrailing) = (1024, .pad, 556, 64, 17)
        case .mac:
            (width, kind, platterWidth, textLeading, textTrailing) = (1440, .mac, 344, 64, 17)
        case .carplay:
            (width, kind, platterWidth, textLeading, textTrailing) = (800, .carPlay, 320, 64, 17)
        case .watch:
            (width, kind, platterWidth, textLeading, textTrailing) = (198, .watch, 198, 8, 8)
        default:
            let screen = Double(id.rawValue.dropFirst("iphone-".count)) ?? 393
            (width, kind, platterWidth, textLeading, textTrailing) = (screen, .phone, screen - 16, 64, 17)
        }
    }

    /// Body line limit of a compact surface; CarPlay and watch banners are short.
    func bodyLineLimit(on surface: Surface) -> Int? {
        switch surface {
        case .banner: 2
        case .lockScreen, .notificationCenter: kind == .carPlay ? 2 : 4
        case .expanded: kind == .carPlay ? 2 : nil
        }
    }

    /// Whether attachments are drawn at all (CarPlay shows no media).
    var showsMedia: Bool { kind != .carPlay }
}
