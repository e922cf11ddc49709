// swift-format-ignore-file
import ActivityKit
import SwiftUI

/// A glucose monitor: an enum without a raw type (coded by case name since Swift 5.5) and
/// strings of every form in the view code beside it.
struct SugarWatchAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var reading: Double
        var trend: Trend
        var sensor: SensorState
        var takenAt: Date
    }

    enum Trend: Codable, Hashable {
        case rising(rate: Double)
        case falling(Double, urgent: Bool)
        case flat

        var arrow: String {
            switch self {
            case .rising: "\u{2191}"
            case .falling: "\u{2193}"
            case .flat: "\u{2192}"
            }
        }
    }

    enum SensorState: Codable, Hashable {
        case warmingUp
        case active
        case expired
    }

    var unit: String
}

struct SugarWatchBadge: View {
    let state: SugarWatchAttributes.ContentState

    var body: some View {
        VStack {
            Text("\(state.reading, specifier: "%.0f") \(state.trend.arrow)")
            Text(#"Sensor says "ok" \(not interpolated)"#)
            Text("""
                Last reading: "\(state.takenAt.formatted())"
                } { ) ( — braces in a string are text
                """)
            Text("Nested \("quote \("inside")") done")
        }
    }
}
