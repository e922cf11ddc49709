public import Foundation

/// What APNs (or the way to it) answered one push, read and explained.
public struct APNsAnswer: Sendable {
    /// The HTTP status; nil when no HTTP answer came (timeout, TLS, connect).
    public var status: Int?
    /// The `apns-id` header: APNs' identifier of the notification.
    public var apnsID: String?
    /// The `apns-unique-id` header (sandbox only), for the Push Notifications Console's delivery log.
    public var uniqueID: String?
    /// APNs' reason, e.g. "BadDeviceToken".
    public var reason: String?
    /// A 410's `timestamp`: when APNs last knew the token was no longer valid.
    public var timestamp: Date?
    /// From the start of the first attempt to the last answer.
    public var roundTrip: Duration
    /// Why no HTTP answer came: "timed out after 10 s", "certificate not trusted", …
    public var transportFailure: String?
    /// Whether the push was sent a second time (429/500/503, once).
    public var retried: Bool
    /// What it means here and what to do.
    public var explanation: APNsExplanation
    /// New connections the push opened: 0 when it went over the kept-alive one.
    public var newConnections: Int

    /// Whether APNs accepted the push (200).
    public var delivered: Bool { status == 200 }

    public init(
        status: Int?, apnsID: String? = nil, uniqueID: String? = nil, reason: String? = nil,
        timestamp: Date? = nil,
        roundTrip: Duration = .zero, transportFailure: String? = nil, retried: Bool = false,
        explanation: APNsExplanation, newConnections: Int = 0
    ) {
        self.status = status
        self.apnsID = apnsID
        self.uniqueID = uniqueID
        self.reason = reason
        self.timestamp = timestamp
        self.roundTrip = roundTrip
        self.transportFailure = transportFailure
        self.retried = retried
        self.explanation = explanation
        self.newConnections = newConnections
    }
}

/// What an answer means here and what to do about it.
public struct APNsExplanation: Sendable, Equatable {
    /// What happened, for the person who sent the push.
    public let meaning: String
    /// What to do next ("" when nothing).
    public let advice: String
    /// Whether the device's token is gone for good (410), so the page offers to remove it.
    public let offerRemoveDevice: Bool

    public init(meaning: String, advice: String, offerRemoveDevice: Bool = false) {
        self.meaning = meaning
        self.advice = advice
        self.offerRemoveDevice = offerRemoveDevice
    }
}
