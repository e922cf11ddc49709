import Testing

@testable import Storage

/// A notification's template variables and samples: stored once per notification, replaced on
/// save, refused for a notification that does not exist, kept across reopening.
@Suite struct TemplateVariableStoreTests {
    @Test(arguments: StoreBackend.allCases) func savesReplacesAndReadsBack(_ backend: StoreBackend) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory)
        let variables = TemplateVariableStore(database: store.database)
        let created = try store.notifications.create(name: "n", headers: "{}", payload: "{}", by: "anna")
        #expect(try variables.variables(of: created.id) == nil)
        #expect(try variables.save(id: created.id, variables: #"[{"name":"a"}]"#, samples: "[]", by: "anna"))
        #expect(
            try variables.save(
                id: created.id, variables: #"[{"name":"b"}]"#, samples: #"[{"b":"1"}]"#, by: "petr"))
        let reopened = TemplateVariableStore(database: try backend.reopen(store, in: directory).database)
        let stored = try #require(try reopened.variables(of: created.id))
        #expect(
            stored.variables == #"[{"name":"b"}]"# && stored.samples == #"[{"b":"1"}]"#
                && stored.updatedBy == "petr")
    }

    @Test(arguments: StoreBackend.allCases) func aMissingNotificationIsRefused(_ backend: StoreBackend) throws
    {
        let directory = try TemporaryDirectory()
        let variables = TemplateVariableStore(database: try backend.open(in: directory).database)
        #expect(try !variables.save(id: "0000000000000000", variables: "[]", samples: "[]", by: "anna"))
        #expect(try variables.variables(of: "0000000000000000") == nil)
    }
}
