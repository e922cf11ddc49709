// swift-format-ignore-file
import ActivityKit
import Foundation

struct BetaFlagAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var progress: Double
        #if BETA_FEATURES
        var experiment: String
        #endif
    }

    var name: String
}
