import JSON
import Testing

@testable import NotificationKit

/// Issue 23: files shaped to crash or explode the Live Activity type importers are each refused
/// with their diagnostic (on main they overflow the stack, trap, or expand as 2ⁿ).
@Suite struct HostileActivityImportTests {
    static func hostile(_ name: String) -> [UInt8] {
        Array(ActivityTypeFixtures.text("hostile/" + name).utf8)
    }

    static func codes(_ bytes: [UInt8]) -> [String] {
        let imported = ActivityTypeImport(bytes)
        #expect(!imported.succeeded)
        return imported.diagnostics.map(\.code)
    }

    /// A struct in a struct … `levels` deep, the innermost used by ContentState.
    static func nestedStructs(_ levels: Int) -> String {
        var text = "struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var x: Int }\n"
        text += String(repeating: "struct S {\n", count: levels) + String(repeating: "}\n", count: levels)
        return text + "}\n"
    }

    /// ContentState holding `[[…Int…]]`, `levels` brackets deep.
    static func nestedArrays(_ levels: Int) -> String {
        "struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var x: "
            + String(repeating: "[", count: levels) + "Int" + String(repeating: "]", count: levels)
            + " }\n}\n"
    }

    /// `levels` structs, each holding the next once: a value `levels` deep through named types.
    static func structChain(_ levels: Int) -> String {
        var text =
            "struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var t: T0 }\n}\n"
        for level in 0..<levels { text += "struct T\(level): Codable, Hashable { var t: T\(level + 1) }\n" }
        return text + "struct T\(levels): Codable, Hashable { var v: Int }\n"
    }

    /// A schema whose content-state nests `levels` arrays of `items`.
    static func nestedSchema(_ levels: Int) -> String {
        #"{"title":"A","properties":{"attributes":{"type":"object"},"content-state":{"type":"object","properties":{"x":"#
            + String(repeating: #"{"type":"array","items":"#, count: levels) + #"{"type":"integer"}"#
            + String(repeating: "}", count: levels) + "}}}}"
    }

    /// A schema whose `$defs` refer one to the next, `levels` long.
    static func schemaChain(_ levels: Int) -> String {
        var definitions: [String] = []
        for level in 0..<levels {
            definitions.append(
                ##""D\##(level)":{"type":"object","properties":{"d":{"$ref":"#/$defs/D\##(level + 1)"}}}"##)
        }
        definitions.append(##""D\##(levels)":{"type":"integer"}"##)
        return
            ##"{"title":"A","properties":{"attributes":{"type":"object"},"content-state":{"$ref":"#/$defs/D0"}},"$defs":{"##
            + definitions.joined(separator: ",") + "}}"
    }

    @Test func aSelfRecursiveTypeIsNamedWithItsLine() throws {
        let imported = ActivityTypeImport(Self.hostile("self-recursive.swift.txt"))
        let diagnostic = try #require(imported.diagnostics.first)
        #expect(diagnostic.code == "activities.swift.recursive")
        #expect(diagnostic.line == 2)
        #expect(diagnostic.message.contains("ContentState → ContentState"), "\(diagnostic.message)")
    }

    @Test func mutualRecursionThroughArraysAndDictionariesIsRefused() throws {
        let imported = ActivityTypeImport(Self.hostile("mutual-recursion.swift.txt"))
        let diagnostic = try #require(imported.diagnostics.first)
        #expect(diagnostic.code == "activities.swift.recursive")
        #expect(diagnostic.message.contains("B → C → B"), "\(diagnostic.message)")
    }

    @Test func aCaseAfterIntMaxIsOutOfRange() throws {
        let imported = ActivityTypeImport(Self.hostile("int-max-raw-value.swift.txt"))
        let diagnostic = try #require(imported.diagnostics.first)
        #expect(diagnostic.code == "activities.swift.raw-value-range")
        #expect(diagnostic.line == 3)
        let huge =
            "struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var l: L }\n"
            + " enum L: Int, Codable { case a = 99999999999999999999 }\n}\n"
        #expect(Self.codes(Array(huge.utf8)) == ["activities.swift.raw-value-range"])
    }

    @Test func twentyThousandLevelsAreRefusedWithoutRecursion() {
        #expect(Self.codes(Array(Self.nestedArrays(20_000).utf8)) == ["activities.too-deep"])
        #expect(Self.codes(Array(Self.nestedStructs(20_000).utf8)) == ["activities.too-deep"])
        let optionals =
            "struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var x: Int"
            + String(repeating: "?", count: 20_000) + " }\n}\n"
        #expect(Self.codes(Array(optionals.utf8)) == ["activities.too-deep"])
        #expect(Self.codes(Array(Self.structChain(20_000).utf8)) == ["activities.too-deep"])
        #expect(Self.codes(Array(Self.schemaChain(20_000).utf8)) == ["activities.too-deep"])
        // Deeper than the JSON reader's own cap: refused by the reader, without recursion.
        #expect(Self.codes(Array(Self.nestedSchema(20_000).utf8)) == ["activities.schema.invalid"])
        #expect(Self.codes(Array(Self.nestedSchema(200).utf8)) == ["activities.too-deep"])
    }

    /// Issue 23 item 9: on main a type 600 deep was stored and then vanished on read-back.
    @Test func sixHundredLevelsAreRefusedAtImport() {
        #expect(Self.codes(Array(Self.structChain(600).utf8)) == ["activities.too-deep"])
        #expect(Self.codes(Array(Self.nestedArrays(600).utf8)) == ["activities.too-deep"])
        #expect(Self.codes(Array(Self.schemaChain(600).utf8)) == ["activities.too-deep"])
    }

    @Test func sixtyLevelsStillImportAndReadBack() throws {
        let imported = ActivityTypeImport(Array(Self.structChain(58).utf8))
        #expect(imported.succeeded, "\(imported.diagnostics)")
        let type = try #require(imported.types.first)
        let again = ActivitySchemaReader.importTypes(from: Array(JSONWriter().string(type.schema).utf8))
        #expect(again.types == [type], "\(again.diagnostics)")
    }

    @Test func doublingChainsAreTooLargeInSwiftAndSchema() {
        #expect(Self.codes(Self.hostile("doubling-chain.swift.txt")) == ["activities.too-large"])
        #expect(Self.codes(Self.hostile("doubling-chain.schema.json")) == ["activities.too-large"])
    }

    /// A struct used in many places is written once under `$defs`, and reads back as the same type.
    @Test func sharedStructsAreStoredOnceAndReadBack() throws {
        // 12 levels: 2¹² values expanded, within the cap, 13 definitions stored.
        var lines = [
            "struct A: ActivityAttributes {", " struct ContentState: Codable, Hashable { var t: T0 }", "}",
        ]
        for level in 0..<11 {
            lines.append("struct T\(level): Codable, Hashable { var a: T\(level + 1); var b: T\(level + 1) }")
        }
        lines.append("struct T11: Codable, Hashable { var v: Int }")
        let imported = ActivityTypeImport(Array(lines.joined(separator: "\n").utf8))
        #expect(imported.succeeded, "\(imported.diagnostics)")
        let type = try #require(imported.types.first)
        let json = JSONWriter().string(type.schema)
        #expect(json.utf8.count < 4000, "\(json.utf8.count) bytes")
        #expect(JSONReader().read(Array(json.utf8)).root?["$defs"]?.value.objectMembers?.count == 12)
        #expect(ActivitySchemaReader.importTypes(from: Array(json.utf8)).types == [type])
    }
}
