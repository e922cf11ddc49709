import Testing

@testable import Localization

/// The older format: `Localizable.strings` and `.stringsdict` per language in `*.lproj` folders.
struct LegacyStringsTests {
    static func folder() throws -> [(path: String, bytes: [UInt8])] {
        try [
            "lproj/cs.lproj/Localizable.strings", "lproj/en.lproj/Localizable.strings",
            "lproj/en.lproj/Localizable.stringsdict", "lproj/vi.lproj/Localizable.strings", "lproj/README.md",
        ].map { path in (path, path.hasSuffix(".md") ? [] : try CatalogFixtures.bytes(path)) }
    }

    @Test func readsUTF16WithCommentsEscapesAndBothQuotingStyles() throws {
        let pairs = try StringsFileReader().read(CatalogFixtures.bytes("lproj/en.lproj/Localizable.strings"))
        #expect(
            pairs.map(\.key) == [
                "promo.weekend", "courier.arriving", "quote.escaped", "plain_key", "self.key",
            ])
        #expect(pairs[0].comment == "Push title of the weekend campaign.")
        #expect(pairs[1].comment == "Push body. %1$@ is the courier, %2$@ the time.")
        #expect(pairs[2].value == "Say \"hi\"\tthen\nleave \\ é😀")
        #expect(pairs[3].value == "plain-value")
        #expect(pairs[4].value == "self.key")
    }

    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, 1, "expected \";\""),
        ("\"a\" = \"b;\n", 1, 7, "never closed"),
        ("/* open\n\"a\" = \"b\";", 1, 1, "never closed"),
        ("\"a\" = ;", 1, 7, "expected the text"),
        ("\"a\" = \"\\U12\";", 1, 8, "four hex digits"),
    ])
    func stringsFaultsArePlaced(text: String, line: Int, column: Int, phrase: String) {
        #expect {
            try StringsFileReader().read(Array(text.utf8), file: "x.strings")
        } throws: { error in
            guard let problem = (error as? CatalogReadError)?.problems.first else { return false }
            return problem.line == line && problem.column == column && problem.message.contains(phrase)
                && problem.file == "x.strings"
        }
    }

    @Test func aFolderOfLprojBecomesOneCatalog() throws {
        let catalog = try LprojImport(sourceLanguage: "en").catalog(Self.folder())
        #expect(catalog.languages == ["en", "cs", "vi"])
        let promo = try #require(catalog.entry("promo.weekend"))
        #expect(promo.comment == "Push title of the weekend campaign.")
        #expect(promo.localizations.map(\.language) == ["en", "cs", "vi"])
        let basket = try #require(catalog.entry("basket.count")?.localization("en"))
        #expect(basket.stringUnit?.value == "%#@products@ & more")
        #expect(basket.substitutions.first?.argumentNumber == 1)
        #expect(
            basket.substitutions.first?.variations.first?.variation("one")?.stringUnit?.value
                == "%arg product")
        let resolver = CatalogResolver(catalog: catalog)
        #expect(
            resolver.resolve(key: "basket.count", arguments: ["3"], language: "en").text
                == "3 products & more")
        #expect(
            resolver.resolve(key: "refill.reminder", arguments: [], language: "en").text
                == "Low on beans? Tap to reorder.")
        #expect(
            resolver.resolve(key: "courier.arriving", arguments: ["Eva", "9:30"], language: "cs").text
                == "V 9:30 k vám dorazí kurýr Eva.")
    }

    @Test func aBrokenStringsdictIsRefusedWithItsFileLineAndColumn() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<plist>\n<dict>\n  <key>k</key>\n  <string>x</strin>\n</dict></plist>"
        #expect {
            try LprojImport(sourceLanguage: "en").catalog([
                ("en.lproj/Localizable.stringsdict", Array(text.utf8))
            ])
        } throws: { error in
            let problem = (error as? CatalogReadError)?.problems.first
            return problem?.file == "en.lproj/Localizable.stringsdict" && problem?.line == 5
        }
    }
}
