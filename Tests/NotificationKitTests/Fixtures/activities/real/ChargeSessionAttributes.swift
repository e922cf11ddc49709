// swift-format-ignore-file
import ActivityKit
import Foundation

/// An EV charging session written with every kind of initial value, which synthesized Codable
/// treats differently: a `let` with a value is never decoded, a `var` with one is.
struct ChargeSessionAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        let schemaVersion = 2
        var percent: Int = 0
        var kilowatts: Double?
        var estimatedFull: Date? = nil
        var connector: String
        var costSoFar: Decimal

        enum CodingKeys: String, CodingKey {
            case percent = "pct"
            case kilowatts = "kw"
            case estimatedFull
            case connector
            case costSoFar = "cost"
        }
    }

    let station: String
    var bay: Int = 1
}
