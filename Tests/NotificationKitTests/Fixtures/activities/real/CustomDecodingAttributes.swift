// swift-format-ignore-file
import ActivityKit
import Foundation

struct CustomDecodingAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var level: Int
    }

    var name: String
}

extension CustomDecodingAttributes.ContentState {
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        level = try container.decode(Int.self)
    }
}
