// swift-format-ignore-file
import ActivityKit

struct StrayKeyAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var title: String

        enum CodingKeys: String, CodingKey {
            case title
            case subtitle
        }
    }

    var name: String
}
