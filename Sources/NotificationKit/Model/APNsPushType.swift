/// The values of the `apns-push-type` request header (apns-rules.md §7), lowercase as APNs
/// expects them.
public enum APNsPushType: String, Sendable, Hashable, CaseIterable {
    /// Shows an alert, plays a sound or sets a badge.
    case alert
    /// Silent update with `content-available: 1`; priority 5.
    case background
    /// PushKit VoIP call; topic `<bundle>.voip`; 5120-byte limit.
    case voip
    /// watchOS complication update; topic `<bundle>.complication`.
    case complication
    /// File Provider change; topic `<bundle>.pushkit.fileprovider`.
    case fileprovider
    /// Device-management wake-up; topic from the MDM certificate.
    case mdm
    /// Location query; topic `<bundle>.location-query`.
    case location
    /// Live Activity start, update or end; topic `<bundle>.push-type.liveactivity`.
    case liveactivity
    /// Push to Talk; topic `<bundle>.voip-ptt`.
    case pushtotalk
    /// WidgetKit reload; topic `<bundle>.push-type.widgets`.
    case widgets
    /// Control reload; topic `<bundle>.push-type.controls`.
    case controls

    /// The push type APNs and the CONTRACT assume when the header is absent.
    public static let `default` = APNsPushType.alert
}
