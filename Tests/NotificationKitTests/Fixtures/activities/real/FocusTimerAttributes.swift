// swift-format-ignore-file
import ActivityKit
import Foundation

/// A focus timer whose category type lives in the app's shared module (FocusCategory.swift).
struct FocusTimerAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var endsAt: Date
        var category: FocusCategory
        var paused: Bool
    }

    var sessionName: String
}
