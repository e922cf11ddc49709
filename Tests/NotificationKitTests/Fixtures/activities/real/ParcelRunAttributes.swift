// swift-format-ignore-file
import ActivityKit
import Foundation

/// A parcel courier's activity: its types carry helpers the app uses, none of which is coded.
struct ParcelRunAttributes: ActivityAttributes {
    typealias Status = ContentState

    public struct ContentState: Codable, Hashable {
        typealias Window = ClosedRange<Date>

        var stopsLeft: Int
        var deliveryWindow: Window
        var courierName: String?

        static let placeholder = ContentState(stopsLeft: 3, deliveryWindow: Date.now...Date.now.addingTimeInterval(1800), courierName: nil)
        static var empty: ContentState { ContentState(stopsLeft: 0, deliveryWindow: Date.distantPast...Date.distantPast, courierName: nil) }

        var isLastStop: Bool { stopsLeft == 1 }
        var summary: String {
            get { "\(stopsLeft) stops" }
        }

        init(stopsLeft: Int, deliveryWindow: ClosedRange<Date>, courierName: String?) {
            self.stopsLeft = stopsLeft
            self.deliveryWindow = deliveryWindow
            self.courierName = courierName
        }

        func minutesLeft(from now: Date) -> Int {
            max(0, Int(deliveryWindow.upperBound.timeIntervalSince(now) / 60))
        }

        subscript(stop index: Int) -> String { "stop \(index)" }

        mutating func advance() { stopsLeft -= 1 }
    }

    var id = UUID()
    let createdAt = Date()
    var trackingNumber: String

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.trackingNumber == rhs.trackingNumber }
}
