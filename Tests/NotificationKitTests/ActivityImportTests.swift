import JSON
import Testing

@testable import NotificationKit

/// Importing an app's Live Activity types from Swift source and from JSON Schema.
@Suite struct ActivityImportTests {
    @Test func swiftSourceImportsTheDocumentedSubset() throws {
        let (types, diagnostics) = SwiftSourceImporter.importTypes(
            from: ActivityTypeFixtures.text("DeliveryAttributes.swift"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let type = try #require(types.first)
        #expect(type.name == "DeliveryAttributes")
        // CodingKeys rename `eta` to `arrival`; the order of declaration is kept.
        #expect(
            type.contentState.fields.map(\.key) == [
                "status", "arrival", "driver", "progress", "items", "notes",
            ])
        let status = try #require(type.contentState.field(forKey: "status"))
        #expect(
            status.type
                == .enumeration(
                    ActivityEnumType(
                        name: "Status", rawType: .string, rawValues: ["preparing", "on-the-way", "delivered"])
                )
        )
        #expect(type.contentState.field(forKey: "arrival")?.type == .date)
        #expect(type.contentState.field(forKey: "arrival")?.line == 10)
        guard case .optional(.object(let driver))? = type.contentState.field(forKey: "driver")?.type else {
            Issue.record("driver is not an optional struct")
            return
        }
        #expect(driver.name == "Driver")
        #expect(driver.fields.map(\.type) == [.string, .optional(.url)])
        #expect(type.contentState.field(forKey: "items")?.type == .array(.string))
        #expect(type.contentState.field(forKey: "notes")?.type == .dictionary(.string))
        // `let isGift = false` is never decoded, so it is not an attribute.
        #expect(type.attributes.fields.map(\.key) == ["orderNumber", "restaurant", "orderID", "total"])
        #expect(type.attributes.fields.map(\.type) == [.int, .string, .uuid, .decimal])
    }

    @Test func intEnumsCountOnFromTheLastRawValue() throws {
        let source = """
            struct A: ActivityAttributes {
                struct ContentState: Codable, Hashable { var level: Level }
                enum Level: Int, Codable { case low, mid = 5, high }
            }
            """
        let type = try #require(SwiftSourceImporter.importTypes(from: source).types.first)
        #expect(
            type.contentState.fields.first?.type
                == .enumeration(ActivityEnumType(name: "Level", rawType: .int, rawValues: ["0", "5", "6"])))
    }

    static let unsupported: [(String, Int, String)] = [
        (
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable {\n    var x: Int\n    init(from decoder: Decoder) throws { x = 1 }\n  }\n}",
            4,
            "custom `init(from:)`"
        ),
        (
            "struct A<T>: ActivityAttributes {\n  struct ContentState: Codable, Hashable {}\n}", 1,
            "generic type `A<…>`"
        ),
        (
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable {\n\n    @Published var x: Int\n  }\n}",
            4, "property wrapper"
        ),
        (
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable {\n    var x: Int\n    enum CodingKeys: String, CodingKey { case x, y }\n  }\n}",
            4,
            "`y` names no stored property"
        ),
        (
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable { var m: Mood }\n  enum Mood: Double, Codable { case a }\n}",
            3, "Double raw values"
        ),
        (
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable {\n    var c: PomodoroCategory\n  }\n}",
            3, "`PomodoroCategory`"
        ),
        (
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable {\n    var d: [Int: String]\n  }\n}",
            3,
            "keys are not String"
        ),
        ("struct A: ActivityAttributes {\n  let s = \"unclosed\n}", 2, "unclosed string"),
        (
            // Found by `scripts/fuzz.sh activities`: no case reads, so the enum decodes nothing.
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable { var l: Level }\n  enum Level: Int, Codable { ca sea = -4, b }\n}",
            3, "has no cases"
        ),
        (
            // Found by the fuzz smoke run of `make test`: a member declared twice was imported
            // with a schema whose `required` named it twice, which did not read back the same.
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable { var n: Int }\n  let n: Int\n  let n: Int\n}",
            4, "two members encoded as `n`"
        ),
    ]

    /// Constructs outside the subset are refused with the line they are on.
    @Test(arguments: unsupported)
    func unsupportedConstructsNameTheirLine(_ source: String, _ line: Int, _ words: String) {
        let (types, diagnostics) = SwiftSourceImporter.importTypes(from: source)
        #expect(types.isEmpty)
        let diagnostic = diagnostics.first
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.line == line, "\(diagnostics)")
        #expect(diagnostic?.message.hasPrefix("line \(line): ") == true, "\(diagnostics)")
        #expect(diagnostic?.message.contains(words) == true, "\(diagnostics)")
        #expect(diagnostic?.code.hasPrefix("activities.swift.") == true)
    }

    @Test func aFileWithoutActivityAttributesSaysSo() {
        let (types, diagnostics) = SwiftSourceImporter.importTypes(
            from: "struct Plain: Codable { let a: Int }")
        #expect(types.isEmpty)
        #expect(diagnostics.map(\.code) == [ActivityTypeCode.swiftNoAttributes.rawValue])
    }

    @Test func schemaImportResolvesDefinitionsAndOptionals() throws {
        let type = try #require(ActivityTypeFixtures.score)
        #expect(type.name == "ScoreAttributes")
        #expect(type.attributes.fields.map(\.type) == [.string, .string, .date])
        #expect(type.contentState.name == "ContentState")
        #expect(
            type.contentState.fields.map(\.type) == [
                .int, .int,
                .enumeration(ActivityEnumType(name: "Period", rawType: .int, rawValues: ["1", "2", "3"])),
                .optional(.string), .date,
            ])
    }

    /// The stored form is the schema the writer produces; reading it back gives the same type.
    @Test func schemaRoundTripsTheSwiftImport() throws {
        let delivery = try #require(ActivityTypeFixtures.delivery)
        let text = JSONWriter().string(delivery.schema)
        let back = ActivitySchemaReader.importTypes(from: Array(text.utf8))
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        let read = try #require(back.types.first)
        #expect(read.contentState.fields.map(\.key) == delivery.contentState.fields.map(\.key))
        #expect(read.contentState.fields.map(\.type) == delivery.contentState.fields.map(\.type))
        #expect(read.attributes.fields.map(\.type) == delivery.attributes.fields.map(\.type))
    }

    static let schemaFaults: [(String, String)] = [
        (
            ##"{"title":"A","properties":{"attributes":{"type":"object"},"content-state":{"oneOf":[]}}}"##,
            "activities.schema.unsupported"
        ),
        (
            ##"{"title":"A","properties":{"attributes":{"type":"object"},"content-state":{"$ref":"#/$defs/X"}}}"##,
            "activities.schema.ref"
        ),
        (
            ##"{"properties":{"attributes":{"type":"object"},"content-state":{"type":"object"}}}"##,
            "activities.schema.shape"
        ),
        (##"{"title":"A",}"##, "activities.schema.invalid"),
        (
            ##"{"title":"A","properties":{"attributes":{"type":"object"},"content-state":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"object","properties":{"next":{"$ref":"#/$defs/S"}}}}}"##,
            "activities.schema.ref"
        ),
    ]

    @Test(arguments: schemaFaults)
    func schemaFaultsAreReported(_ text: String, _ code: String) {
        let (types, diagnostics) = ActivitySchemaReader.importTypes(from: Array(text.utf8))
        #expect(types.isEmpty)
        #expect(diagnostics.first?.code == code, "\(diagnostics)")
        #expect(diagnostics.first?.line != nil)
    }
}
