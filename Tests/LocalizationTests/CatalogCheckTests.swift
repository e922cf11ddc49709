import JSON
import Testing

@testable import Localization

/// Every catalog check, each with a case that trips it and one that does not.
struct CatalogCheckTests {
    struct Row: Sendable, CustomStringConvertible {
        var key: String
        var arguments: [String]
        var code: String
        var trips: Bool
        var mentions: [String] = []
        var description: String { "\(code) \(trips ? "trips" : "does not trip") on \(key)" }
    }

    static let rows: [Row] = [
        Row(
            key: "promo.summer", arguments: [], code: "strings.missing-key", trips: true,
            mentions: ["raw key"]),
        Row(key: "promo.weekend", arguments: [], code: "strings.missing-key", trips: false),
        Row(
            key: "order.delayed", arguments: [], code: "strings.stale-key", trips: true, mentions: ["manual"]),
        Row(key: "promo.weekend", arguments: [], code: "strings.stale-key", trips: false),
        Row(
            key: "courier.arriving", arguments: ["a", "b"], code: "strings.needs-review", trips: true,
            mentions: ["de (needs_review)"]),
        Row(
            key: "promo.weekend", arguments: [], code: "strings.needs-review", trips: true,
            mentions: ["vi (new)"]),
        Row(key: "discount.flash", arguments: ["5"], code: "strings.needs-review", trips: false),
        Row(
            key: "order.delayed", arguments: [], code: "strings.missing-languages", trips: true,
            mentions: ["de, vi"]),
        Row(
            key: "discount.flash", arguments: ["5"], code: "strings.missing-languages", trips: true,
            mentions: ["de"]),
        Row(key: "courier.arriving", arguments: ["a", "b"], code: "strings.missing-languages", trips: false),
        Row(key: "courier.arriving", arguments: ["a"], code: "strings.too-few-arguments", trips: true),
        Row(key: "courier.arriving", arguments: ["a", "b"], code: "strings.too-few-arguments", trips: false),
        Row(
            key: "courier.arriving", arguments: ["a", "b", "c"], code: "strings.unused-arguments", trips: true
        ),
        Row(key: "courier.arriving", arguments: ["a", "b"], code: "strings.unused-arguments", trips: false),
        Row(key: "basket.count", arguments: ["2"], code: "strings.numeric-argument", trips: true),
        Row(key: "courier.arriving", arguments: ["a", "b"], code: "strings.numeric-argument", trips: false),
        Row(key: "basket.count", arguments: ["2"], code: "strings.plural-needs-number", trips: true),
        Row(key: "refill.reminder", arguments: [], code: "strings.plural-needs-number", trips: false),
        Row(key: "Brewlane", arguments: [], code: "strings.not-translatable", trips: true),
        Row(key: "promo.weekend", arguments: [], code: "strings.not-translatable", trips: false),
        Row(key: "Brewlane", arguments: [], code: "strings.missing-languages", trips: false),
    ]

    @Test(arguments: rows)
    func checksAPushKey(row: Row) throws {
        let checker = CatalogChecker(catalog: try CatalogFixtures.catalog())
        let findings = checker.check(
            key: row.key, arguments: row.arguments, path: "$.aps.alert.loc-key",
            argumentsPath: "$.aps.alert.loc-args")
        let matching = findings.filter { $0.code == row.code }
        #expect(matching.isEmpty != row.trips, "\(findings.map(\.code))")
        for phrase in row.mentions {
            #expect(matching.contains { $0.message.contains(phrase) }, "\(matching.map(\.message))")
        }
    }

    @Test func argumentCountsThatDifferAcrossLanguagesAreListed() throws {
        let catalog = StringCatalog(
            sourceLanguage: "en",
            entries: [
                CatalogEntry(
                    key: "a",
                    localizations: [
                        Localization(language: "en", value: .text("%@ and %@")),
                        Localization(language: "cs", value: .text("%@ a %d")),
                        Localization(language: "vi", value: .text("%1$@ và %2$@")),
                    ]),
                CatalogEntry(
                    key: "b",
                    localizations: [
                        Localization(language: "en", value: .text("%1$@ then %2$@")),
                        Localization(language: "cs", value: .text("%2$@ pak %1$@")),
                    ]),
            ])
        let checker = CatalogChecker(catalog: catalog)
        let differing = try #require(
            checker.check(catalog.entries[0], path: "$").first { $0.code == "strings.arguments-differ" })
        #expect(differing.message.contains("cs reads %@, an integer"))
        #expect(!differing.message.contains("vi"))
        #expect(
            !checker.check(catalog.entries[1], path: "$").contains { $0.code == "strings.arguments-differ" })
    }

    @Test func malformedSpecifiersAndMissingSubstitutionsAreErrors() throws {
        let catalog = try CatalogFixtures.catalog("Shop-1.1.xcstrings")
        let checker = CatalogChecker(catalog: catalog)
        let findings = checker.check(try #require(catalog.entry("greeting.named")), path: "$")
        let malformed = try #require(findings.first { $0.code == "strings.malformed-specifier" })
        #expect(malformed.severity == .error && malformed.message.contains("vi: %1@"))
        #expect(
            !checker.check(try #require(catalog.entry("delivery.window")), path: "$").contains {
                $0.code == "strings.malformed-specifier"
            })
        let orphan = StringCatalog(
            sourceLanguage: "en",
            entries: [
                CatalogEntry(
                    key: "n", localizations: [Localization(language: "en", value: .text("%#@count@ left"))])
            ])
        #expect(
            CatalogChecker(catalog: orphan).check(orphan.entries[0], path: "$").map(\.code) == [
                "strings.missing-substitution"
            ])
    }

    @Test func everyCodeHasATrippingRow() {
        let tripped = Set(Self.rows.filter(\.trips).map(\.code)).union([
            "strings.arguments-differ", "strings.malformed-specifier", "strings.missing-substitution",
            "strings.unreadable",
        ])
        #expect(Set(LocalizationCode.allCases.map(\.rawValue)) == tripped)
    }

    @Test func unreadableFilesBecomeFindingsAtTheirPlace() throws {
        let error = CatalogReadError([
            CatalogProblem(file: "cs.lproj/Localizable.strings", line: 3, column: 9, message: "m")
        ])
        let finding = try #require(error.diagnostics.first)
        #expect(finding.code == "strings.unreadable" && finding.severity == .error)
        #expect(finding.line == 3 && finding.column == 9 && finding.path == "cs.lproj/Localizable.strings")
    }
}
