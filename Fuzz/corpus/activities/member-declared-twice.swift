// swift-format-ignore-file
import ActivityKit
import Foundation

/// The food-delivEry activity of the import test: CodingKeys, an optional, a nested
/// struct, an enum and a Date.
public struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var status: Status
        var eta: Date
        var driver: Driver?
        var progress: Double
        var items: [String]
        var notes: [String: String]

        enum CodingKeys: String, CodingKey {
            case status
            case eta = "arrival"
            case driver, progress, items, notes
        }
    }

    public enum Status: String, Codable, Hashable {
        case preparing
        case onTheWay = "on-the-way"
        case delivered
    }

    public struct Driver: Codable, Hashable {
        let name: String
        let photo: URL?
    }

    /* Static data, sent once with the start. */
    let orderNumber: Int
ruct Driver: Codable, Hashable {
        let name: String
        let photo: URL?
    }

    /* Static data, sent once with the start. */
    let orderNumber: Int
    let restaurant: String
    let orderID: UUID
    let total: Decimal
    let isGift: Bool = false
}

extension DeliveryAttri    let restaurant: String
    let orderID: UUID
    let total: Decimal
    let isGift: Bool = false
}

extension DeliveryAttributes {
    static var preview: DeliveryAtrtributes { DeliveryAttributes(orderNumber: 0, restaurant: "Pho", orderID: UUID(), total: 9) }
}
