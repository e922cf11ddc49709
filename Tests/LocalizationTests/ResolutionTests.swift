import JSON
import Testing

@testable import Localization

/// iOS's lookup of a `loc-key` with `loc-args`, one rule per row with a case that trips it and
/// one that does not: the text shown, the language used and the codes noted on the way.
struct ResolutionTests {
    struct Row: Sendable, CustomStringConvertible {
        var key: String
        var arguments: [String]
        var language: String
        var text: String
        var used: String?
        var codes: [String] = []
        var description: String { "\(key) in \(language) → \(text)" }
    }

    static let rows: [Row] = [
        // %@ in order, and positional %1$@ %2$@ swapped by a language.
        Row(
            key: "courier.arriving", arguments: ["Eva", "9:30"], language: "en",
            text: "Eva will bring your order at 9:30.", used: "en"),
        Row(
            key: "courier.arriving", arguments: ["Eva", "9:30"], language: "cs",
            text: "V 9:30 k vám dorazí kurýr Eva.", used: "cs"),
        Row(
            key: "courier.arriving", arguments: ["Eva", "9:30"], language: "vi",
            text: "Eva sẽ giao đơn hàng lúc 9:30.", used: "vi"),
        // %% is a percent sign.
        Row(
            key: "discount.flash", arguments: ["20"], language: "en", text: "20% off, today only", used: "en"),
        Row(
            key: "discount.flash", arguments: ["20"], language: "cs", text: "Sleva 20 % jen dnes", used: "cs"),
        // Too few arguments: iOS reads past them ((null) for an object).
        Row(
            key: "courier.arriving", arguments: ["Eva"], language: "en",
            text: "Eva will bring your order at (null).", used: "en", codes: ["strings.too-few-arguments"]),
        // A language without the key falls back to the development language.
        Row(
            key: "order.delayed", arguments: [], language: "vi", text: "Your order is running late.",
            used: "en"),
        Row(
            key: "order.delayed", arguments: [], language: "cs", text: "Vaše objednávka má zpoždění.",
            used: "cs"),
        // A `new` empty translation is not in the compiled table: the development language shows.
        Row(
            key: "promo.weekend", arguments: [], language: "vi",
            text: "Weekend offer: fresh roasted coffee, free delivery", used: "en"),
        // A language the catalog does not have at all.
        Row(
            key: "promo.weekend", arguments: [], language: "fr",
            text: "Weekend offer: fresh roasted coffee, free delivery", used: "en"),
        // A key in no language: the raw key, an error.
        Row(
            key: "promo.summer", arguments: [], language: "cs", text: "promo.summer", used: nil,
            codes: ["strings.missing-key"]),
        // A key without development text: Xcode compiles the key as its text.
        Row(key: "Brewlane", arguments: [], language: "cs", text: "Brewlane", used: "en"),
        // Plural: a push cannot send a number, iOS shows `other`; the string argument shows as is.
        Row(
            key: "basket.count", arguments: ["1"], language: "en", text: "1 products in your basket",
            used: "en", codes: ["strings.plural-needs-number", "strings.numeric-argument"]),
        Row(
            key: "basket.count", arguments: ["3"], language: "cs", text: "3 položek v košíku", used: "cs",
            codes: ["strings.plural-needs-number", "strings.numeric-argument"]),
        // Substitutions: %#@points@ with argNum and %arg; a positional %1$#@points@.
        Row(
            key: "loyalty.points", arguments: ["5", "Gold"], language: "en",
            text: "You have 5 points at Gold level", used: "en",
            codes: ["strings.numeric-argument", "strings.plural-needs-number"]),
        Row(
            key: "loyalty.points", arguments: ["5", "Gold"], language: "cs", text: "Úroveň Gold: máte 5 bodů",
            used: "cs", codes: ["strings.numeric-argument", "strings.plural-needs-number"]),
        // Device variations: the iPhone case, else `other`; nested plural under the device.
        Row(
            key: "refill.reminder", arguments: [], language: "en", text: "Low on beans? Tap to reorder.",
            used: "en"),
        Row(
            key: "refill.reminder", arguments: [], language: "cs",
            text: "Dochází vám káva? Klepněte a objednejte znovu.", used: "cs"),
    ]

    @Test(arguments: rows)
    func resolvesAsIOSDoes(row: Row) throws {
        let resolver = CatalogResolver(catalog: try CatalogFixtures.catalog())
        let result = resolver.resolve(
            key: row.key, arguments: row.arguments, language: row.language, path: "$.aps.alert.loc-key")
        #expect(result.text == row.text)
        #expect(result.language == row.used)
        #expect(result.fellBack == (row.used != nil && row.used != row.language))
        #expect(Set(result.diagnostics.map(\.code)) == Set(row.codes))
        #expect(result.diagnostics.allSatisfy { $0.path == "$.aps.alert.loc-key" })
    }

    @Test func aDeviceWithoutItsOwnCaseGetsOther() throws {
        let catalog = try CatalogFixtures.catalog()
        #expect(
            CatalogResolver(catalog: catalog, device: "ipad").resolve(
                key: "refill.reminder", arguments: [], language: "cs"
            ).text == "Dochází vám káva? Objednejte znovu jedním klepnutím.")
        #expect(
            CatalogResolver(catalog: catalog, device: "ipad").resolve(
                key: "refill.reminder", arguments: [], language: "en"
            ).text == "Running low on beans? Tap to reorder your usual bag.")
    }

    @Test func aDeviceCaseWithPluralsPicksOther() throws {
        let catalog = try CatalogFixtures.catalog("Shop-1.1.xcstrings")
        let result = CatalogResolver(catalog: catalog).resolve(
            key: "delivery.window", arguments: ["2"], language: "cs")
        #expect(result.text == "Doručíme za 2 hodin")
        #expect(result.diagnostics.map(\.code).contains("strings.plural-needs-number"))
        let other = CatalogResolver(catalog: catalog, device: "mac").resolve(
            key: "delivery.window", arguments: ["2"], language: "cs")
        #expect(other.text == "Doručení do 2 h")
        #expect(!other.diagnostics.map(\.code).contains("strings.plural-needs-number"))
    }

    @Test func malformedSpecifiersShowAsWritten() throws {
        let catalog = try CatalogFixtures.catalog("Shop-1.1.xcstrings")
        let result = CatalogResolver(catalog: catalog).resolve(
            key: "greeting.named", arguments: ["Lan"], language: "vi")
        #expect(result.text == "Xin chào %1@!")
        #expect(result.diagnostics.map(\.code) == ["strings.malformed-specifier"])
        let fine = CatalogResolver(catalog: catalog).resolve(
            key: "greeting.named", arguments: ["Lan"], language: "en")
        #expect(fine.text == "Hi Lan!" && fine.diagnostics.isEmpty)
    }

    /// The specifiers, one per row: what each reads.
    @Test(arguments: [
        ("%@", ["@"]), ("%d %i %u", ["d", "i", "u"]), ("%lld", ["d"]), ("%.2f", ["f"]),
        ("%2$@ %1$@", ["@", "@"]),
        ("100%%", []), ("%-5d", ["d"]),
    ])
    func specifiersAreRead(format: String, conversions: [String]) {
        #expect(FormatParser.specifiers(format).map { String($0.conversion) } == conversions)
    }

    @Test(arguments: ["%1@", "%y", "50%", "%*d"])
    func malformedSpecifiersAreFound(format: String) {
        #expect(FormatParser.tokens(format).contains { if case .malformed = $0 { true } else { false } })
    }

    @Test func theFormatOfAKeyKeepsItsSpecifiersForTheAppToFill() throws {
        let resolver = CatalogResolver(catalog: try CatalogFixtures.catalog())
        #expect(resolver.format(of: "basket.count", language: "cs") == "%lld položek v košíku")
        #expect(resolver.format(of: "order.delayed", language: "vi") == "Your order is running late.")
        #expect(resolver.format(of: "Brewlane", language: "cs") == "Brewlane")
        #expect(resolver.format(of: "promo.summer", language: "cs") == nil)
    }
}
