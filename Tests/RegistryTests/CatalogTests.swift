import Foundation
import NotificationKit
import Registry
import Storage
import Testing

/// The catalog's snapshots: shared by readers, replaced by writes, and aware of writes made
/// through other connections (another process).
@Suite struct CatalogTests {
    @Test func writesThroughTheCatalogAreSeenAtOnce() throws {
        let fixture = try RegistryFixture(changeCheckInterval: .seconds(3600))
        #expect(try fixture.catalog.snapshot().revision == 0)
        try fixture.catalog.put(RegistryFixture.category("message"), by: "test")
        let snapshot = try fixture.catalog.snapshot()
        #expect(snapshot.revision == 1)
        #expect(snapshot.lookup.category(identifiedBy: "message")?.actions.first?.title == "Odpovědět")
        #expect(snapshot.row("message")?.revision == 1)
        #expect(snapshot.row("Message") == nil)
    }

    /// A second `Store` has its own connections, as another process would: with a zero change
    /// check interval its write is seen by the next read; with a long one the held snapshot is
    /// served (readers do not touch the database) until the interval passes.
    @Test func aWriteFromAnotherConnectionIsNoticedByRevision() throws {
        let eager = try RegistryFixture(changeCheckInterval: .zero)
        let lazyStore = try Store(directory: eager.path, changeCheckInterval: .seconds(3600))
        let lazy = CategoryCatalog(store: lazyStore.categories)
        #expect(try eager.catalog.snapshot().revision == 0)
        #expect(try lazy.snapshot().revision == 0)
        let other = try Store(directory: eager.path)
        _ = try other.categories.put(RegistryFixture.category("invite").storedDocument, by: "cli")
        #expect(try eager.catalog.snapshot().category("invite") != nil)
        #expect(try lazy.snapshot().revision == 0)
    }

    @Test func snapshotsDecodeOnlyWhatChanged() throws {
        let fixture = try RegistryFixture()
        try fixture.catalog.replaceAll(
            with: CategoryConfig(categories: (0..<50).map { RegistryFixture.category("c\($0)") }), by: "test")
        let before = try fixture.catalog.snapshot()
        try fixture.catalog.put(RegistryFixture.category("c7", title: "Jiné"), by: "test")
        let after = try fixture.catalog.snapshot()
        #expect(after.revision == before.revision + 1)
        #expect(after.config.categories.count == 50)
        #expect(after.category("c7")?.actions.first?.title == "Jiné")
        #expect(after.config.categories[7].identifier == "c7")
    }

    @Test func aStaleExpectedRevisionChangesNothing() throws {
        let fixture = try RegistryFixture()
        try fixture.catalog.put(RegistryFixture.category("message"), by: "a")
        try fixture.catalog.put(RegistryFixture.category("message", title: "B"), expectedRevision: 1, by: "b")
        #expect(throws: RegistryRefusal.self) {
            try fixture.catalog.put(
                RegistryFixture.category("message", title: "C"), expectedRevision: 1, by: "c")
        }
        #expect(throws: RegistryRefusal.self) {
            try fixture.catalog.put(
                RegistryFixture.category("message", title: "D"), expectedRevision: 0, by: "d")
        }
        #expect(throws: RegistryRefusal.self) {
            try fixture.catalog.delete("message", expectedRevision: 1, by: "e")
        }
        #expect(throws: RegistryRefusal.self) {
            try fixture.catalog.replaceAll(with: CategoryConfig(), expectedRevision: 1, by: "f")
        }
        let snapshot = try fixture.catalog.snapshot()
        #expect(snapshot.category("message")?.actions.first?.title == "B")
        #expect(snapshot.revision == 2)
    }

    /// The checks run inside the write: a rename onto an identifier already stored, or a
    /// category with an error of its own, is refused and nothing changes.
    @Test func aWriteThatWouldBreakTheRegistryIsRefused() throws {
        let fixture = try RegistryFixture()
        try fixture.catalog.replaceAll(
            with: CategoryConfig(categories: ["a", "b"].map { RegistryFixture.category($0) }), by: "t")
        do {
            try fixture.catalog.rename("a", to: RegistryFixture.category("b"), expectedRevision: nil, by: "t")
            Issue.record("a duplicate identifier was stored")
        } catch RegistryRefusal.invalid(let problems) {
            #expect(problems.map(\.code) == ["categories.duplicate-identifier"])
        }
        do {
            try fixture.catalog.put(RegistryFixture.category("c", title: ""), by: "t")
            Issue.record("an empty title was stored")
        } catch RegistryRefusal.invalid(let problems) {
            #expect(problems.map(\.code) == ["categories.empty-title"])
        }
        #expect(try fixture.catalog.snapshot().config.identifiers == ["a", "b"])
        #expect(try fixture.catalog.snapshot().revision == 1)
    }

    @Test func renameKeepsThePlaceAndChecksTheRevision() throws {
        let fixture = try RegistryFixture()
        try fixture.catalog.replaceAll(
            with: CategoryConfig(categories: ["a", "b", "c"].map { RegistryFixture.category($0) }), by: "t")
        #expect(throws: RegistryRefusal.self) {
            try fixture.catalog.rename("b", to: RegistryFixture.category("x"), expectedRevision: 9, by: "t")
        }
        try fixture.catalog.rename("b", to: RegistryFixture.category("x"), expectedRevision: 1, by: "t")
        #expect(try fixture.catalog.snapshot().config.identifiers == ["a", "x", "c"])
    }

    /// A stored document that no longer reads is left out of the config and named by the
    /// snapshot itself (the one decoding per revision), with its revision and the reader's error.
    @Test func theSnapshotNamesDocumentsThatNoLongerRead() throws {
        let fixture = try RegistryFixture(changeCheckInterval: .zero)
        try fixture.catalog.put(RegistryFixture.category("message"), by: "test")
        _ = try fixture.store.categories.put(
            CategoryDocument(identifier: "broken", json: #"{"identifier":"#), by: "hand")
        let snapshot = try fixture.catalog.snapshot()
        #expect(snapshot.config.categories.map(\.identifier) == ["message"])
        #expect(snapshot.unreadable.map(\.identifier) == ["broken"])
        #expect(snapshot.unreadable.first?.revision == 1)
        #expect(snapshot.unreadable.first?.reason.isEmpty == false)
        try fixture.catalog.put(RegistryFixture.category("invite"), by: "test")
        #expect(try fixture.catalog.snapshot().unreadable.map(\.identifier) == ["broken"])
    }
}
