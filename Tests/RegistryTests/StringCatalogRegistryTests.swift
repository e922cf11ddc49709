import Localization
import NotificationKit
import Registry
import Storage
import Testing

/// The String Catalog stored with revisions, its snapshot, and the validator's report with the
/// catalog checks when a catalog is loaded.
@Suite struct StringCatalogRegistryTests {
    static let catalog = StringCatalog(
        sourceLanguage: "en",
        entries: [
            CatalogEntry(
                key: "courier.arriving", extractionState: "manual",
                localizations: [
                    Localization(language: "en", value: .text("%1$@ arrives at %2$@")),
                    Localization(language: "cs", value: .text("%1$@ dorazí v %2$@")),
                ]),
            CatalogEntry(
                key: "order.delayed", extractionState: "stale",
                localizations: [Localization(language: "en", value: .text("Running late"))]),
        ])

    @Test func importsAreRevisionsAndTheSnapshotReadsTheLatest() throws {
        let fixture = try RegistryFixture()
        let registry = StringCatalogRegistry(store: fixture.store.strings)
        #expect(try registry.snapshot().revision == 0)
        #expect(try registry.snapshot().catalog == nil)
        try registry.put(Self.catalog, sourceName: "Localizable.xcstrings", by: "test")
        var changed = Self.catalog
        changed.entries.removeLast()
        try registry.put(changed, sourceName: "second", by: "test")
        let snapshot = try registry.snapshot()
        #expect(snapshot.revision == 2)
        #expect(snapshot.catalog == changed)
        #expect(snapshot.stored?.sourceName == "second")
        #expect(try fixture.store.strings.revisions().map(\.revision) == [2, 1])
    }

    @Test func aPutAtAnOldRevisionChangesNothing() throws {
        let fixture = try RegistryFixture()
        let registry = StringCatalogRegistry(store: fixture.store.strings)
        try registry.put(Self.catalog, sourceName: "a", by: "test")
        let result = try registry.put(Self.catalog, sourceName: "b", expectedRevision: 0, by: "test")
        #expect(result == .stale(currentRevision: 1))
        #expect(try registry.snapshot().stored?.sourceName == "a")
    }

    @Test func theReportHasTheCatalogChecksWhenACatalogIsLoaded() throws {
        let fixture = try RegistryFixture()
        let registry = StringCatalogRegistry(store: fixture.store.strings)
        let payload = """
            {"aps":{"alert":{"title-loc-key":"order.delayed",
            "loc-key":"courier.arriving","loc-args":["Eva"],"subtitle-loc-key":"promo.summer"}}}
            """
        var validator = Validator()
        #expect(!validator.validate(payload: payload).diagnostics.contains { $0.code.hasPrefix("strings.") })
        try registry.put(Self.catalog, sourceName: "a", by: "test")
        validator.localizedKeys = try registry.snapshot().localizedKeys
        let report = validator.validate(payload: payload)
        let codes = report.diagnostics.map(\.code)
        #expect(codes.contains("strings.stale-key"))
        #expect(codes.contains("strings.missing-key"))
        #expect(!report.valid)
        let missing = try #require(report.diagnostics.first { $0.code == "strings.missing-key" })
        #expect(missing.path == "$.aps.alert.subtitle-loc-key" && missing.line == 2 && missing.column == 68)
        let fewer = try #require(report.diagnostics.first { $0.code == "strings.too-few-arguments" })
        #expect(fewer.path == "$.aps.alert.loc-args" && fewer.line == 2 && fewer.column == 41)
        var strict = validator
        strict.strict = true
        #expect(
            strict.validate(payload: payload).diagnostics.first { $0.code == "strings.stale-key" }?.severity
                == .error)
    }
}
