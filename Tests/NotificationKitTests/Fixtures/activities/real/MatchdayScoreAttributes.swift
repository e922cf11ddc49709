// swift-format-ignore-file
// A football score activity shared by the app and its widget, guarded for the platforms the
// project also builds for.

import Foundation
#if canImport(ActivityKit)
import ActivityKit
#endif
#if os(watchOS)
import WatchKit
#elseif os(macOS)
import AppKit
#else
import UIKit
#endif

#warning("Remove the simulator stand-in before release")

#if canImport(ActivityKit) && !os(macOS)
@available(iOS 16.1, *)
struct MatchdayScoreAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var homeGoals: Int
        var awayGoals: Int
        var minute: Int
        #if DEBUG
        var debugNote: String
        #endif
        #if targetEnvironment(simulator)
        var simulated: Bool
        #elseif os(iOS)
        var phase: Phase
        #else
        var phase: String
        #endif
    }

    enum Phase: String, Codable, Hashable {
        case firstHalf = "1H", halfTime = "HT", secondHalf = "2H", fullTime = "FT"
    }

    var homeTeam: String
    var awayTeam: String
    #if swift(>=5.9)
    var kickoff: Date
    #else
    var kickoff: Double
    #endif
}
#else
#error("Live Activities need ActivityKit")
#endif
