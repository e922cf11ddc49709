// swift-format-ignore-file
import ActivityKit
import Foundation

typealias AirportCode = String

/// A flight's activity: a top-level alias, module-qualified names, an enum nested in the
/// content state, an array of a nested struct, and an implicitly unwrapped optional.
struct GateChangeAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Boarding: String, Codable { case notYet = "not-yet", open, closed }

        var gate: String
        var boarding: Boarding
        var departure: Foundation.Date
        var legs: [Leg]
        var seatMap: URL!
        var upgradeFee: Swift.Optional<Decimal>
    }

    struct Leg: Codable, Hashable {
        var from: AirportCode
        var to: AirportCode
    }

    var flightNumber: String
}
