import Foundation
import JSON

@testable import Localization

/// The test catalogs (written for these tests, reproducing what Xcode writes) and helpers.
enum CatalogFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func catalog(_ name: String = "Shop-1.0.xcstrings") throws -> StringCatalog {
        try XCStringsReader().read(bytes(name))
    }

    /// The value of a JSON text with every object's members sorted, written compactly: two texts
    /// have the same JSON value exactly when these are equal.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return "{"
                + sorted.map { JSONWriter().string(.string($0.key)) + ":" + canonical($0.value.value) }
                .joined(separator: ",") + "}"
        case .array(let elements):
            return "[" + elements.map { canonical($0.value) }.joined(separator: ",") + "]"
        default: return JSONWriter().string(value)
        }
    }

    static func canonical(_ bytes: [UInt8]) -> String? {
        JSONReader().read(bytes).root.map { canonical($0.value) }
    }
}
