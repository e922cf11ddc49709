import JSON
import Testing

@testable import NotificationKit

/// Issue 29: the `ActivityAttributes` files apps really have (`Fixtures/activities/real`, written
/// for these tests in the shapes of public apps' files) import, and each type judges a matching
/// and a mismatching `content-state` as the device's decoder would.
@Suite struct RealActivityFileTests {
    /// One fixture set: the files imported together, the type, a content-state that decodes
    /// and one that does not with the findings it must get (`code path-suffix`).
    struct Case: Sendable, CustomTestStringConvertible {
        var files: [String]
        var type: String
        var matching: String
        var mismatching: String
        var findings: Set<String>
        var testDescription: String { files.joined(separator: " + ") }
    }

    static let cases: [Case] = [
        Case(
            files: ["HarborFerryLiveActivity.swift"], type: "HarborFerryAttributes",
            matching: #"{"pier":"Pier 1"}"#, mismatching: #"{"pier":3}"#,
            findings: ["liveactivity.key.type pier"]),
        Case(
            files: ["MatchdayScoreAttributes.swift"], type: "MatchdayScoreAttributes",
            matching: #"{"homeGoals":1,"awayGoals":0,"minute":55,"phase":"2H"}"#,
            mismatching: #"{"homeGoals":1,"awayGoals":0,"minute":55,"simulated":true,"debugNote":"x"}"#,
            findings: [
                "liveactivity.key.missing phase", "liveactivity.key.undeclared simulated",
                "liveactivity.key.undeclared debugNote",
            ]),
        Case(
            files: ["ParcelRunAttributes.swift"], type: "ParcelRunAttributes",
            matching: #"{"stopsLeft":2,"deliveryWindow":[788918400,788920200],"courierName":null}"#,
            mismatching: #"{"stopsLeft":2,"deliveryWindow":[788920200,788918400]}"#,
            findings: ["liveactivity.value.invalid deliveryWindow"]),
        Case(
            files: ["TrailRunAttributes.swift"], type: "TrailRunAttributes",
            matching:
                #"{"elapsed":61.5,"paceRatio":0.9,"elevation":12.25,"heartRate":150,"cadence":170,"calories":300,"#
                + #""steps":5000,"zone":3,"distanceMeters":4200,"badges":["5k"],"splits":{"1":301.5},"#
                + #""laps":[{"number":1,"seconds":300}],"targetZone":[3,5]}"#,
            mismatching:
                #"{"elapsed":61.5,"paceRatio":0.9,"elevation":12.25,"heartRate":150.5,"cadence":170,"calories":300,"#
                + #""steps":5000,"zone":3,"distanceMeters":4200,"badges":"5k","splits":{"1":301.5},"#
                + #""laps":[{"number":1}],"targetZone":[3,4,5]}"#,
            findings: [
                "liveactivity.value.invalid heartRate", "liveactivity.key.type badges",
                "liveactivity.key.missing laps[0].seconds", "liveactivity.value.invalid targetZone",
            ]),
        Case(
            files: ["SugarWatchAttributes.swift"], type: "SugarWatchAttributes",
            matching:
                #"{"reading":123,"trend":{"rising":{"rate":1.5}},"sensor":{"active":{}},"takenAt":788918400}"#,
            mismatching:
                #"{"reading":123,"trend":{"falling":{"_0":2}},"sensor":"active","takenAt":788918400}"#,
            findings: ["liveactivity.key.missing trend.falling.urgent", "liveactivity.key.type sensor"]),
        Case(
            files: ["FocusTimerAttributes.swift", "FocusCategory.swift"], type: "FocusTimerAttributes",
            matching: #"{"endsAt":788918400,"category":"deep-work","paused":false}"#,
            mismatching: #"{"endsAt":788918400,"category":"deepWork","paused":false}"#,
            findings: ["liveactivity.enum.value category"]),
        Case(
            files: ["ChargeSessionAttributes.swift"], type: "ChargeSessionAttributes",
            matching: #"{"pct":40,"kw":7.2,"connector":"CCS","cost":3.5}"#,
            mismatching: #"{"kw":7.2,"connector":"CCS","cost":3.5,"schemaVersion":2}"#,
            findings: ["liveactivity.key.missing pct", "liveactivity.key.undeclared schemaVersion"]),
        Case(
            files: ["CityRideAttributes.swift"], type: "CityRideAttributes",
            matching: #"{"stage":10,"driverETA":4,"plate":"KX 123"}"#,
            mismatching: #"{"stage":4,"driverETA":4}"#,
            findings: ["liveactivity.enum.value stage"]),
        Case(
            files: ["GateChangeAttributes.swift"], type: "GateChangeAttributes",
            matching:
                #"{"gate":"B12","boarding":"not-yet","departure":788918400,"legs":[{"from":"SFO","to":"JFK"}],"seatMap":null}"#,
            mismatching:
                #"{"gate":"B12","boarding":"open","departure":788918400,"legs":[{"from":"SFO"}],"upgradeFee":"10"}"#,
            findings: ["liveactivity.key.missing legs[0].to", "liveactivity.key.type upgradeFee"]),
        Case(
            files: ["VendorGuardAttributes.swift"], type: "VendorGuardAttributes",
            matching: #"{"message":"hi"}"#, mismatching: "{}", findings: ["liveactivity.key.missing message"]),
    ]

    static func imported(_ files: [String]) -> (types: [ActivityAttributesType], diagnostics: [Diagnostic]) {
        SwiftSourceImporter.importTypes(
            from: files.map { SwiftSourceFile(name: $0, text: ActivityTypeFixtures.text("real/" + $0)) })
    }

    static func findings(_ state: String, _ type: ActivityAttributesType) -> Set<String> {
        var validator = Validator()
        validator.activityTypes = ActivityTypeSet([type])
        validator.activityType = type.name
        let report = validator.validate(
            payload: #"{"aps":{"event":"update","timestamp":1767225600,"content-state":"# + state + "}}",
            headers: [
                "apns-push-type": "liveactivity", "apns-priority": "5",
                "apns-topic": ValidatorCaseTable.liveTopic,
            ])
        let prefix = "$.aps.content-state."
        return Set(
            report.diagnostics.map {
                "\($0.code) "
                    + ($0.path.hasPrefix(prefix) ? String($0.path.dropFirst(prefix.count)) : $0.path)
            })
    }

    @Test(arguments: cases)
    func aRealFileImportsAndJudgesItsContentState(_ fixture: Case) throws {
        let (types, diagnostics) = Self.imported(fixture.files)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let type = try #require(types.first { $0.name == fixture.type })
        #expect(Self.findings(fixture.matching, type).isEmpty)
        #expect(Self.findings(fixture.mismatching, type) == fixture.findings)
        // The stored form (the JSON Schema) reads back as the very same type.
        let stored = JSONWriter().string(type.schema)
        #expect(ActivitySchemaReader.importTypes(from: Array(stored.utf8)).types == [type], "\(stored)")
    }

    @Test func theConditionsAreThoseOfAnIOSReleaseBuild() throws {
        let type = try #require(Self.imported(["MatchdayScoreAttributes.swift"]).types.first)
        // DEBUG is off, the simulator branch is not taken, swift(>=5.9) is.
        #expect(type.contentState.fields.map(\.key) == ["homeGoals", "awayGoals", "minute", "phase"])
        #expect(type.attributes.fields.map(\.type) == [.string, .string, .date])
    }

    @Test func membersThatAreNotCodedAreSkipped() throws {
        let type = try #require(Self.imported(["ParcelRunAttributes.swift"]).types.first)
        #expect(type.contentState.fields.map(\.key) == ["stopsLeft", "deliveryWindow", "courierName"])
        #expect(type.contentState.fields[1].type == .range(.date, closed: true))
        // `var id = UUID()` is decoded (its type told from the value); `let createdAt = Date()` is not.
        #expect(type.attributes.fields.map(\.key) == ["id", "trackingNumber"])
        #expect(type.attributes.fields.first?.type == .uuid)
    }

    @Test func standardTypesHaveTheirCodedShapes() throws {
        let type = try #require(Self.imported(["TrailRunAttributes.swift"]).types.first)
        #expect(
            type.contentState.fields.map(\.type.swiftName) == [
                "Double", "Double", "Double", "Int", "Int", "Int", "Int", "Int", "Int", "Double?", "[String]",
                "[String: Double]", "[Lap]", "Range<Int>",
            ])
    }

    /// Constructs that change what is decoded in a way the importer cannot follow: each refused
    /// with its line, and nothing imported.
    static let refused: [(files: [String], code: String, line: Int, words: String)] = [
        (["BetaFlagAttributes.swift"], "activities.swift.undecided-condition", 8, "`#if BETA_FEATURES`"),
        (["CustomDecodingAttributes.swift"], "activities.swift.unsupported", 14, "custom `init(from:)`"),
        (["WrappedStateAttributes.swift"], "activities.swift.unsupported", 8, "`@Clamped`"),
        (["StrayKeyAttributes.swift"], "activities.swift.unsupported", 10, "`subtitle`"),
        (["FocusTimerAttributes.swift"], "activities.swift.unknown-type", 9, "`FocusCategory`"),
        (["ActiveErrorAttributes.swift"], "activities.swift.unsupported", 5, "#error"),
    ]

    @Test(arguments: refused)
    func unreadableConstructsAreRefusedNamingTheirLine(
        _ fixture: (files: [String], code: String, line: Int, words: String)
    ) throws {
        let (types, diagnostics) = Self.imported(fixture.files)
        #expect(types.isEmpty)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == fixture.code, "\(diagnostic.message)")
        #expect(diagnostic.line == fixture.line, "\(diagnostic.message)")
        #expect(
            diagnostic.message.hasPrefix("\(fixture.files[0]), line \(fixture.line): "),
            "\(diagnostic.message)")
        #expect(diagnostic.message.contains(fixture.words), "\(diagnostic.message)")
    }

    @Test func anUndecidedConditionNamesTheTypeItChanges() throws {
        let diagnostic = try #require(Self.imported(["BetaFlagAttributes.swift"]).diagnostics.first)
        #expect(diagnostic.message.contains("BetaFlagAttributes.ContentState"), "\(diagnostic.message)")
    }

    @Test func manyUndecidedConditionsAreRefusedNotTriedEachWay() throws {
        var source =
            "struct A: ActivityAttributes {\n  struct ContentState: Codable, Hashable {\n    var x: Int\n"
        for flag in 0..<40 { source += "    #if FLAG\(flag)\n    static let f\(flag) = 1\n    #endif\n" }
        source += "  }\n}\n"
        let (types, diagnostics) = SwiftSourceImporter.importTypes(from: source)
        #expect(types.isEmpty)
        #expect(diagnostics.first?.code == "activities.swift.undecided-condition")
        #expect(diagnostics.first?.message.contains("more than 16") == true, "\(diagnostics)")
        // A few harmless ones import.
        let harmless = SwiftSourceImporter.importTypes(from: Self.fewFlags)
        #expect(harmless.diagnostics.isEmpty, "\(harmless.diagnostics)")
    }

    static let fewFlags = """
        struct A: ActivityAttributes {
          struct ContentState: Codable, Hashable {
            var x: Int
            #if FLAG_A
            static let a = 1
            #elseif canImport(Sentry)
            func report() {}
            #endif
          }
        }
        """
}
