import Testing

@testable import Storage

/// The activity type registry: put, replace, delete, revisions, a registry-wide revision.
@Suite struct ActivityTypeStoreTests {
    static func document(_ name: String, _ json: String = #"{"title":"X"}"#) -> ActivityTypeDocument {
        ActivityTypeDocument(name: name, json: json, sourceKind: .swift, source: "struct \(name) {}")
    }

    @Test(arguments: StoreBackend.allCases) func putReplaceDeleteKeepEveryRevision(_ backend: StoreBackend)
        throws
    {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory).activityTypes
        #expect(try store.currentRevision() == 0)
        guard case .created(let first) = try store.put(Self.document("DeliveryAttributes"), by: "anna") else {
            Issue.record("not created")
            return
        }
        #expect(first.revision == 1 && first.updatedBy == "anna")
        guard case .replaced(let second) = try store.put(Self.document("DeliveryAttributes", "{}"), by: "ben")
        else {
            Issue.record("not replaced")
            return
        }
        #expect(second.revision == 2 && second.createdAt == first.createdAt)
        _ = try store.put(Self.document("deliveryAttributes"), by: "anna")  // another key: case-sensitive
        #expect(
            try store.registry().types.map(\.document.name) == ["DeliveryAttributes", "deliveryAttributes"])
        #expect(try store.delete("DeliveryAttributes", by: "cy"))
        #expect(try !store.delete("DeliveryAttributes", by: "cy"))
        #expect(try store.type(named: "DeliveryAttributes") == nil)
        let history = try store.revisions(of: "DeliveryAttributes")
        #expect(history.map(\.revision) == [3, 2, 1])
        #expect(history.map(\.json) == [nil, "{}", #"{"title":"X"}"#])
        #expect(history.map(\.changedBy) == ["cy", "ben", "anna"])
        #expect(try store.currentRevision() == 4)
        #expect(
            try store.type(named: "deliveryAttributes")?.document.source == "struct deliveryAttributes {}")
    }

    @Test(arguments: StoreBackend.allCases) func anEmptyNameIsRefused(_ backend: StoreBackend) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory).activityTypes
        #expect(throws: StorageError.self) { try store.put(Self.document(""), by: "anna") }
        #expect(try store.currentRevision() == 0)
    }
}
