import Testing

@testable import Storage

@Suite struct CategoryStoreTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The category store of a new workspace on `backend`.
    func open(_ backend: StoreBackend) throws -> CategoryStore {
        try backend.open(in: directory).categories
    }

    static let message = CategoryDocument(
        identifier: "message",
        json: #"{"identifier":"message","actions":[{"identifier":"reply","title":"Odpovědět"}]}"#)
    static let capitalMessage = CategoryDocument(identifier: "Message", json: #"{"identifier":"Message"}"#)
    static let invite = CategoryDocument(identifier: "invite", json: #"{"identifier":"invite"}"#)

    @Test(arguments: StoreBackend.allCases) func emptyRegistryIsRevisionZero(_ backend: StoreBackend) throws {
        let store = try open(backend)
        #expect(try store.registry() == CategoryRegistry(revision: 0, categories: []))
        #expect(try store.currentRevision() == 0)
        #expect(try store.history().isEmpty)
        #expect(try store.registry(atRevision: 0) == [])
        #expect(try store.registry(atRevision: 1) == nil)
    }

    @Test(arguments: StoreBackend.allCases) func putCreatesThenReplacesInPlace(_ backend: StoreBackend) throws
    {
        let store = try open(backend)
        guard case .created(let created, let firstRevision) = try store.put(Self.message, by: "anna") else {
            Issue.record("first put should create")
            return
        }
        #expect(firstRevision == 1 && created.revision == 1 && created.position == 0)
        #expect(created.json == Self.message.json && created.updatedBy == "anna")
        _ = try store.put(Self.invite, by: "anna")
        let changed = CategoryDocument(identifier: "message", json: #"{"identifier":"message","actions":[]}"#)
        guard case .replaced(let replaced, let thirdRevision) = try store.put(changed, by: "petr") else {
            Issue.record("second put of message should replace")
            return
        }
        #expect(thirdRevision == 3)
        #expect(replaced.revision == 2 && replaced.position == 0 && replaced.updatedBy == "petr")
        #expect(replaced.createdAt == created.createdAt)
        let registry = try store.registry()
        #expect(registry.revision == 3)
        #expect(registry.categories.map(\.document) == [changed, Self.invite])
        #expect(try store.category("message") == replaced)
    }

    @Test(arguments: StoreBackend.allCases) func identifiersAreCaseSensitive(_ backend: StoreBackend) throws {
        let store = try open(backend)
        _ = try store.put(Self.message, by: "t")
        guard case .created = try store.put(Self.capitalMessage, by: "t") else {
            Issue.record("Message is a different identifier from message")
            return
        }
        #expect(try store.registry().categories.map(\.identifier) == ["message", "Message"])
        #expect(try store.category("MESSAGE") == nil)
        #expect(try store.delete("MESSAGE", by: "t") == false)
        #expect(try store.delete("Message", by: "t"))
        #expect(try store.registry().categories.map(\.document) == [Self.message])
    }

    @Test(arguments: StoreBackend.allCases) func deleteKeepsTheOthersInOrderAndRecordsWhoDeleted(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        for document in [Self.message, Self.invite, Self.capitalMessage] {
            _ = try store.put(document, by: "anna")
        }
        #expect(try store.delete("invite", by: "eva"))
        #expect(try store.delete("invite", by: "eva") == false)
        #expect(try store.registry().categories.map(\.identifier) == ["message", "Message"])
        #expect(
            try store.history().first
                == RegistryRevision(
                    revision: 4, change: .delete(identifier: "invite"),
                    changedAt: try store.history()[0].changedAt,
                    changedBy: "eva"))
        let history = try store.revisions(of: "invite")
        #expect(history.map(\.revision) == [2, 1])
        #expect(history.map(\.json) == [nil, Self.invite.json])
        #expect(history[0].changedBy == "eva")
        // Re-created, it goes last and its revision numbers continue.
        guard case .created(let again, _) = try store.put(Self.invite, by: "t") else {
            Issue.record("put after delete should create")
            return
        }
        #expect(again.revision == 3 && again.position == 3)
        #expect(try store.registry().categories.map(\.identifier) == ["message", "Message", "invite"])
    }

    @Test(arguments: StoreBackend.allCases) func replaceAllSetsExactlyTheGivenCategoriesInOrder(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        _ = try store.put(Self.message, by: "anna")
        _ = try store.put(Self.invite, by: "anna")
        let newMessage = CategoryDocument(identifier: "message", json: #"{"identifier":"message"}"#)
        let result = try store.replaceAll(with: [Self.capitalMessage, newMessage], by: "pipeline")
        guard case .replaced(let registry) = result else {
            Issue.record("expected .replaced, got \(result)")
            return
        }
        #expect(registry.revision == 3)
        #expect(registry.categories.map(\.document) == [Self.capitalMessage, newMessage])
        #expect(registry.categories.map(\.position) == [0, 1])
        #expect(registry == (try store.registry()))
        #expect(
            try store.history().map(\.change) == [
                .replaceAll, .put(identifier: "invite"), .put(identifier: "message"),
            ])
        #expect(try store.history()[0].changedBy == "pipeline")
        #expect(try store.revisions(of: "invite").first?.json == nil)
        #expect(try store.revisions(of: "message").map(\.revision) == [2, 1])
    }

    @Test(arguments: StoreBackend.allCases) func replaceAllWithUnchangedCategoriesRecordsNoCategoryRevision(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        _ = try store.replaceAll(with: [Self.message, Self.invite], by: "t")
        _ = try store.replaceAll(with: [Self.message, Self.invite], by: "t")
        #expect(try store.currentRevision() == 2)
        #expect(try store.revisions(of: "message").count == 1)
        _ = try store.replaceAll(with: [Self.invite, Self.message], by: "t")
        #expect(try store.revisions(of: "message").map(\.position) == [1, 0])
    }

    @Test(arguments: [
        [CategoryDocument(identifier: "a", json: "{}"), CategoryDocument(identifier: "a", json: "{}")],
        [CategoryDocument(identifier: "", json: "{}")],
    ])
    func invalidReplaceAllChangesNothing(_ documents: [CategoryDocument]) throws {
        for backend in StoreBackend.allCases {
            try invalidReplaceAllChangesNothing(documents, on: backend)
        }
    }

    private func invalidReplaceAllChangesNothing(_ documents: [CategoryDocument], on backend: StoreBackend)
        throws
    {
        let store = try open(backend)
        _ = try store.put(Self.message, by: "t")
        let before = try store.registry()
        #expect(throws: StorageError.self) { try store.replaceAll(with: documents, by: "t") }
        #expect(try store.registry() == before)
        #expect(try store.history().count == 1)
    }

    @Test(arguments: StoreBackend.allCases) func replaceAllWithAStaleExpectedRevisionChangesNothing(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        _ = try store.put(Self.message, by: "t")
        #expect(try store.replaceAll(with: [], by: "t", expectedRevision: 0) == .stale(currentRevision: 1))
        #expect(try store.registry().categories.count == 1)
        guard case .replaced(let registry) = try store.replaceAll(with: [], by: "t", expectedRevision: 1)
        else {
            Issue.record("the current revision should be accepted")
            return
        }
        #expect(registry == CategoryRegistry(revision: 2, categories: []))
    }

    @Test(arguments: StoreBackend.allCases) func everyPastRegistryCanBeRebuilt(_ backend: StoreBackend) throws
    {
        let store = try open(backend)
        var expected: [[CategoryDocument]] = [[]]
        _ = try store.put(Self.message, by: "t")
        expected.append([Self.message])
        _ = try store.put(Self.invite, by: "t")
        expected.append([Self.message, Self.invite])
        _ = try store.replaceAll(with: [Self.invite, Self.capitalMessage], by: "t")
        expected.append([Self.invite, Self.capitalMessage])
        _ = try store.delete("invite", by: "t")
        expected.append([Self.capitalMessage])
        _ = try store.put(Self.message, by: "t")
        expected.append([Self.capitalMessage, Self.message])
        for (revision, documents) in expected.enumerated() {
            #expect(try store.registry(atRevision: revision) == documents, "revision \(revision)")
        }
        #expect(try store.registry().categories.map(\.document) == expected.last)
    }
}

@Suite struct CategoryBytesTests {
    /// iOS compares identifiers literally and SQLite as bytes; Swift's `==` would call NFC and NFD
    /// spellings equal, which must not merge two categories or skip saving changed bytes.
    @Test(arguments: StoreBackend.allCases) func identifiersAndTextAreComparedAsBytes(_ backend: StoreBackend)
        throws
    {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory).categories
        let composed = CategoryDocument(identifier: "caf\u{E9}", json: "{\"title\":\"caf\u{E9}\"}")
        let decomposed = CategoryDocument(identifier: "cafe\u{301}", json: "{\"title\":\"cafe\u{301}\"}")
        _ = try store.replaceAll(with: [composed, decomposed], by: "t")
        #expect(try store.registry().categories.count == 2)

        let sameIdentifierNewBytes = CategoryDocument(identifier: "caf\u{E9}", json: decomposed.json)
        _ = try store.replaceAll(with: [sameIdentifierNewBytes, decomposed], by: "t")
        let stored = try #require(try store.registry().categories.first)
        #expect(Array(stored.json.utf8) == Array(decomposed.json.utf8))
        #expect(stored.revision == 2)
    }
}
