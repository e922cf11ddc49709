// swift-format-ignore-file
import ActivityKit
import Foundation
#if canImport(FirebaseMessaging)
import FirebaseMessaging
#endif

struct VendorGuardAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var message: String
    }

    #if canImport(FirebaseMessaging)
    static let channel = "firebase"
    #else
    static let channel = "apns"
    #endif

    var campaign: String
}
