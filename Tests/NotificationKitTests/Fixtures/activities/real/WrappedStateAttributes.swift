// swift-format-ignore-file
import ActivityKit
import Foundation

struct WrappedStateAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var title: String
        @Clamped(0...100) var percent: Int
    }

    var name: String
}
