import Foundation

/// The generated keys and certificates of Fixtures/ (make-fixtures.sh made them with openssl).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func bytes(_ name: String) -> [UInt8] {
        Array((try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data())
    }

    static let keyID = "ABCDE12345"
    static let teamID = "TEAM123456"
}
