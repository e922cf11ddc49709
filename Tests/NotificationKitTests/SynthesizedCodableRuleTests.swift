import JSON
import Testing

@testable import NotificationKit

/// Swift's synthesized `Decodable` rules for stored properties (docs/live-activities.md,
/// "Which properties are decoded"), tried over every combination of keyword, type spelling
/// and initial value, in shuffled orders: the import must say what the compiler does.
@Suite struct SynthesizedCodableRuleTests {
    /// What the synthesized `init(from:)` does with one property.
    enum Treatment: Equatable {
        /// `decode(_:forKey:)`: the key must be there.
        case required
        /// `decodeIfPresent(_:forKey:)`: the key may be absent or null.
        case optional
        /// Not decoded at all: a `let` with an initial value cannot be assigned again.
        case notDecoded
    }

    /// One property declaration of the table.
    struct Declaration: Sendable {
        var keyword: String
        var type: String?
        var value: String?
        var isOptional: Bool

        /// The rule, as the compiler's `DerivedConformanceCodable.cpp` applies it.
        var expected: Treatment {
            if keyword == "let" && value != nil { return .notDecoded }
            return isOptional ? .optional : .required
        }

        func source(_ name: String) -> String {
            "\(keyword) \(name)" + (type.map { ": " + $0 } ?? "") + (value.map { " = " + $0 } ?? "")
        }
    }

    /// Every combination: `let`/`var` × `Int`, `Int?`, `Optional<Int>`, `Int!`, no written type
    /// × no value, a value (`nil` for optionals).
    static let declarations: [Declaration] = {
        var all: [Declaration] = []
        for keyword in ["let", "var"] {
            let spellings: [(String?, Bool)] = [
                ("Int", false), ("Int?", true), ("Optional<Int>", true), ("Int!", true),
            ]
            for (type, optional) in spellings {
                all.append(Declaration(keyword: keyword, type: type, value: nil, isOptional: optional))
                all.append(
                    Declaration(
                        keyword: keyword, type: type, value: optional ? "nil" : "5", isOptional: optional))
            }
            // The type told from the value: `var count = 5` is a required Int.
            all.append(Declaration(keyword: keyword, type: nil, value: "5", isOptional: false))
            all.append(Declaration(keyword: keyword, type: "Int?", value: "3", isOptional: true))
        }
        return all
    }()

    /// Seeds for the orders the declarations are written in.
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34]

    @Test(arguments: seeds)
    func theImportTreatsEachPropertyAsSwiftDoes(_ seed: UInt64) throws {
        var generator = SplitMix(state: seed)
        let order = Self.declarations.indices.shuffled(using: &generator)
        var lines: [String] = []
        for (position, index) in order.enumerated() {
            lines.append("        " + Self.declarations[index].source("p\(position)"))
        }
        let source =
            "struct A: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n"
            + lines.joined(separator: "\n") + "\n    }\n}\n"
        let (types, diagnostics) = SwiftSourceImporter.importTypes(from: source)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let state = try #require(types.first).contentState
        for (position, index) in order.enumerated() {
            let declaration = Self.declarations[index]
            let field = state.field(forKey: "p\(position)")
            let treatment: Treatment =
                field == nil ? .notDecoded : field?.type.isOptional == true ? .optional : .required
            #expect(treatment == declaration.expected, "\(declaration.source("p\(position)"))")
            if let field { #expect(field.type.unwrapped == .int) }
        }
    }
}

/// A small seeded generator, so the shuffled orders are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
