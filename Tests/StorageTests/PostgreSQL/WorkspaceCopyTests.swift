import Foundation
import Testing

@testable import Storage

/// `pushboard migrate`: an SQLite workspace copied into PostgreSQL answers every read the same,
/// a workspace already there is refused unless replacing, and writes go on from the copied
/// numbers.
@Suite struct WorkspaceCopyTests {
    /// A workspace with something in every table: revisions, the trash, users, tokens, audit,
    /// settings (bytes), APNs credentials, devices, the send log, catalogs and variables.
    static func filledWorkspace(in directory: TemporaryDirectory) throws -> Store {
        let store = try Store(directory: directory.path)
        for index in 0..<12 {
            let created = try store.notifications.create(
                name: "Kino \(index)", headers: "{}",
                payload: #"{"aps":{"alert":{"title":"Sléva \#(index)","body":"Jen dnes"}}}"#, by: "anna")
            for revision in 1..<3 {
                _ = try store.notifications.update(
                    id: created.id, expectedRevision: revision, name: "Kino \(index).\(revision)",
                    headers: "{}",
                    payload: #"{"aps":{"alert":"Zítra \#(index)"}}"#, by: "ben")
            }
            if index % 4 == 0 { try store.notifications.delete(id: created.id, by: "eva") }
            if index == 1 {
                _ = try TemplateVariableStore(database: store.database).save(
                    id: created.id, variables: #"[{"name":"a"}]"#, samples: "[]", by: "anna")
            }
        }
        for identifier in ["message", "invite", "Message"] {
            _ = try store.categories.put(
                CategoryDocument(identifier: identifier, json: #"{"identifier":"\#(identifier)"}"#),
                by: "anna")
        }
        _ = try store.categories.delete("invite", by: "ben")
        _ = try store.activityTypes.put(
            ActivityTypeDocument(
                name: "Delivery", json: #"{"title":"X"}"#, sourceKind: .schema, source: "{}"),
            by: "anna")
        _ = try store.strings.put(document: "{}", sourceName: "Localizable.xcstrings", by: "anna")
        try store.settings.save(
            WorkspaceSettings(
                appName: "Zprávy", appIcon: try AppIcon(png: TestPNG.make(width: 48, height: 48))),
            by: "anna")
        _ = try store.access.addUser(name: "anna", role: "admin", passwordHash: "$argon2id$x", at: Date())
        try store.access.addSession(idHash: "feed", user: "anna", at: Date())
        try LoginThrottleStore(database: store.database).countFailure(
            keys: ["guessed"], now: Date(), retention: .init(forgetAfter: 900, capacity: 10))
        _ = try store.access.addToken(
            StoredToken(
                name: "pipeline", role: "editor", secretHash: "beef", createdAt: "2027-01-01T00:00:00.000Z",
                createdBy: "anna", expiresAt: nil))
        for action in ["login", "save", "logout"] {
            try store.audit.record(actor: "user:anna", action: action, object: "session", client: "127.0.0.1")
        }
        _ = try store.apnsCredentials.add(
            SendingStoresTests.credential(keyID: "ABC123DEFG", box: [0, 1, 255]))
        _ = try store.testDevices.add(
            owner: "user:anna", name: "Phone", token: String(repeating: "ab", count: 32),
            environment: "sandbox",
            bundleID: "com.example.app", platform: "iOS")
        try store.sendLog.append([
            SendRecord(
                actor: "user:anna", notificationID: nil, notificationRevision: nil, payloadSHA256: "00",
                deviceID: nil, deviceName: "Phone", deviceToken: "ab", environment: "sandbox",
                credential: "ABC123DEFG", status: 200, apnsID: nil, uniqueID: nil, reason: nil, failure: nil,
                roundTripMilliseconds: 12.5, retried: true)
        ])
        return store
    }

    /// Everything the API reads, from `store`.
    static func everyRead(_ store: Store) throws -> String {
        let notifications = try store.notifications.storedPage(limit: nil)
        let revisions = try notifications.notifications.map {
            try store.notifications.revisions(id: $0.id) ?? []
        }
        let variables = TemplateVariableStore(database: store.database)
        let search = try store.notifications.search(NotificationSearch("sleva"), limit: 50, offset: 0)
        let parts: [Any] = [
            notifications, revisions, try store.notifications.trash(), search,
            try notifications.notifications.map { try variables.variables(of: $0.id) as Any },
            try store.categories.registry(), try store.categories.history(),
            try store.categories.deletedCategories(),
            try store.activityTypes.registry(), try store.strings.revisions(), try store.settings.settings(),
            try store.access.users(), try store.access.tokens(),
            try store.access.session(idHash: "feed") as Any,
            try LoginThrottleStore(database: store.database).records(["guessed"]),
            try store.audit.events(AuditFilter()), try store.apnsCredentials.all(),
            try store.testDevices.devices(of: "user:anna"),
            try store.sendLog.page(actor: nil, limit: 10, offset: 0),
        ]
        return parts.map { "\($0)" }.joined(separator: "\n")
    }

    @Test func aCopiedWorkspaceAnswersEveryReadTheSame() throws {
        let directory = try TemporaryDirectory()
        let source = try Self.filledWorkspace(in: directory)
        let target = Store(
            database: try PostgresDatabase(connectionString: PostgresTestServer.freshDatabase()))
        // A failed login counted on an instance already serving the empty target is no workspace.
        try LoginThrottleStore(database: target.database).countFailure(
            keys: ["guessed", "other"], now: Date(), retention: .init(forgetAfter: 900, capacity: 10))
        let counts = try WorkspaceCopy.copy(from: source.database, to: target.database, replacing: false)
        #expect(counts.first { $0.table == "notification_revisions" }?.rows == 36)
        #expect(counts.allSatisfy { $0.rows > 0 }, "\(counts.filter { $0.rows == 0 })")
        #expect(try Self.everyRead(target) == Self.everyRead(source))

        // Numbering goes on from the copy, on both sides alike.
        try source.audit.record(
            actor: "x", action: "a", object: "o", client: "c", at: Date(timeIntervalSince1970: 0))
        try target.audit.record(
            actor: "x", action: "a", object: "o", client: "c", at: Date(timeIntervalSince1970: 0))
        let created = try target.notifications.create(name: "new", headers: "{}", payload: "{}", by: "t")
        #expect(try target.notifications.list().first?.id == created.id)
        #expect(try target.audit.page(AuditFilter()).total == 4)
    }

    @Test func aTargetHoldingAWorkspaceIsRefusedUnlessReplacing() throws {
        let directory = try TemporaryDirectory()
        let source = try Self.filledWorkspace(in: directory)
        let target = Store(
            database: try PostgresDatabase(connectionString: PostgresTestServer.freshDatabase()))
        _ = try target.notifications.create(name: "already here", headers: "{}", payload: "{}", by: "t")
        let error = #expect(throws: WorkspaceCopy.Failure.self) {
            try WorkspaceCopy.copy(from: source.database, to: target.database, replacing: false)
        }
        #expect(error?.description.contains("--force") == true)
        #expect(try target.notifications.list().map(\.name) == ["already here"])
        try WorkspaceCopy.copy(from: source.database, to: target.database, replacing: true)
        #expect(try Self.everyRead(target) == Self.everyRead(source))
    }
}
