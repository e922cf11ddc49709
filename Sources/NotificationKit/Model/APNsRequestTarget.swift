/// Where a request goes: one device (`/3/device/<token>`) or everyone subscribed to a channel
/// (`/4/broadcasts/apps/<bundle ID>`, iOS 18). The two take different headers and limits.
public enum APNsRequestTarget: String, Sendable, Hashable, CaseIterable {
    /// A push to one device token, with `apns-topic`.
    case device
    /// A broadcast on a channel, with `apns-channel-id` and the app in the path.
    case broadcast

    /// The target of a request with these headers when the caller did not say: a request with
    /// `apns-channel-id` is a broadcast, because only the broadcast API reads that header.
    public static func implied(by headers: APNsHeaders, declared: APNsRequestTarget?) -> APNsRequestTarget {
        if let declared { return declared }
        return headers.channelID == nil ? .device : .broadcast
    }

    /// The largest payload a broadcast carries: 5 KB ("limited to a maximum size of 5 KB").
    public static let broadcastSizeLimit = 5120
}
