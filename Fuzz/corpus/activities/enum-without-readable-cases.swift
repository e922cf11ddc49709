struct A: ActivityAttributes {
    typealias ContentState = State
    struct State: Codable, Hashable {
        var items: [Item?]
        var map: [String: Item]
        enum CodingKeys: String, CodingKey { case items = "i", map }
    }
    struct Item: Codable, Hashable { var n: Int; var u: URL? }
    enum Level: Int, Codable { ca sea = -4, b, c = 7 }
    let level: Level
}
