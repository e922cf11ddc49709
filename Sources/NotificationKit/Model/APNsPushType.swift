/// The values of the `apns-push-type` request header (apns-rules.md §7), lowercase as APNs
/// expects them.
public enum APNsPushType: String, Sendable, Hashable, CaseIterable {
    case alert
    case background
    case voip
    case complication
    case fileprovider
    case mdm
    case location
    case liveactivity
    case pushtotalk
    case widgets
    case controls

    /// The push type APNs and the CONTRACT assume when the header is absent.
    public static let `default` = APNsPushType.alert
}
