// swift-format-ignore-file
import ActivityKit
import CoreGraphics
import Foundation

/// A running workout: the standard library's number types, sets, dictionaries, ranges and
/// arrays of a nested struct.
struct TrailRunAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var elapsed: TimeInterval
        var paceRatio: CGFloat
        var elevation: Float
        var heartRate: UInt8
        var cadence: Int16
        var calories: UInt32
        var steps: Int64
        var zone: Int8
        var distanceMeters: UInt64
        var averageSpeed: Optional<Double>
        var badges: Set<String>
        var splits: [String: Double]
        var laps: [Lap]
        var targetZone: Range<Int>
    }

    struct Lap: Codable, Hashable {
        var number: Int
        var seconds: Double
    }

    var runner: String
}
