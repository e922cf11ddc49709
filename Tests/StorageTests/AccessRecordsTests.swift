import Foundation
import Testing

@testable import Storage

/// Users, sessions, API tokens, the audit trail and the String Catalog behave the same on both
/// backends: what every instance of a cluster relies on when a session ends or a token is
/// revoked elsewhere.
@Suite struct AccessRecordsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: StoreBackend.allCases)
    func usersAndSessionsEndTogetherAndAPasswordChangeKeepsOnlyTheChangersSession(_ backend: StoreBackend)
        throws
    {
        let access = try backend.open(in: directory).access
        #expect(try access.addUser(name: "anna", role: "admin", passwordHash: "h1", at: Self.start))
        #expect(try !access.addUser(name: "anna", role: "viewer", passwordHash: "h2", at: Self.start))
        #expect(try access.addUser(name: "Anna", role: "viewer", passwordHash: "h3", at: Self.start))
        #expect(try access.users().map(\.name) == ["Anna", "anna"])
        #expect(try access.userCount(role: "admin") == 1 && access.userCount() == 2)
        for session in ["s1", "s2", "s3"] {
            try access.addSession(idHash: session, user: "anna", at: Self.start)
        }
        #expect(try access.session(idHash: "s1")?.role == "admin")
        #expect(try access.setPasswordHash("h4", forUser: "anna", at: Self.start, keepingSession: "s2") == 2)
        #expect(try access.session(idHash: "s1") == nil && access.session(idHash: "s2") != nil)
        #expect(try access.setPasswordHash("h5", forUser: "anna", at: Self.start) == 1)
        try access.addSession(idHash: "s4", user: "anna", at: Self.start)
        #expect(try access.removeUser(named: "anna"))
        #expect(try access.session(idHash: "s4") == nil)
        #expect(try access.userCount() == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func expiredSessionsArePrunedAndTouchedOnesKept(_ backend: StoreBackend) throws {
        let access = try backend.open(in: directory).access
        #expect(try access.addUser(name: "eva", role: "editor", passwordHash: "h", at: Self.start))
        try access.addSession(idHash: "old", user: "eva", at: Self.start)
        try access.addSession(idHash: "fresh", user: "eva", at: Self.start)
        let later = Self.start.addingTimeInterval(3600)
        #expect(try access.touchSession(idHash: "fresh", at: later))
        let removed = try access.removeExpiredSessions(
            createdBefore: AccessStore.timestamp(Self.start.addingTimeInterval(-1)),
            lastSeenBefore: AccessStore.timestamp(Self.start.addingTimeInterval(60)))
        #expect(removed == 1)
        #expect(try access.session(idHash: "old") == nil)
        #expect(try access.session(idHash: "fresh")?.lastSeenAt == AccessStore.timestamp(later))
    }

    @Test(arguments: StoreBackend.allCases)
    func tokensAreFoundByHashRevokedAndTouched(_ backend: StoreBackend) throws {
        let access = try backend.open(in: directory).access
        let token = StoredToken(
            name: "pipeline", role: "editor", secretHash: "abc", createdAt: "2027-01-01T00:00:00.000Z",
            createdBy: "anna", expiresAt: nil)
        #expect(try access.addToken(token))
        #expect(try !access.addToken(token))
        #expect(try access.token(secretHash: "abc") == token)
        #expect(try access.touchToken(named: "pipeline", at: Self.start))
        #expect(try access.revokeToken(named: "pipeline", at: Self.start))
        let revoked = try #require(try access.tokens().first)
        #expect(revoked.revokedAt == AccessStore.timestamp(Self.start))
        #expect(revoked.lastUsedAt == AccessStore.timestamp(Self.start))
    }

    @Test(arguments: StoreBackend.allCases)
    func theAuditTrailFiltersByPrefixLiterallyAndPrunes(_ backend: StoreBackend) throws {
        let audit = try backend.open(in: directory).audit
        for (index, object) in ["category:a%", "category:ab", "notification:1", "category:a%b"].enumerated() {
            try audit.record(
                actor: "user:anna", action: "save", object: object, client: "127.0.0.1",
                at: Self.start.addingTimeInterval(Double(index)))
        }
        let page = try audit.page(AuditFilter(objectPrefix: "category:a%", limit: 1))
        #expect(page.total == 2 && page.events.map(\.object) == ["category:a%b"])
        #expect(try audit.events(AuditFilter(actor: "user:ben")).isEmpty)
        #expect(try audit.prune(before: Self.start.addingTimeInterval(2)) == 2)
        #expect(try audit.events(AuditFilter()).map(\.object) == ["category:a%b", "notification:1"])
    }

    @Test(arguments: StoreBackend.allCases)
    func theStringCatalogRefusesAStaleRevision(_ backend: StoreBackend) throws {
        let strings = try backend.open(in: directory).strings
        guard case .stored(let first) = try strings.put(document: "{}", sourceName: "a.xcstrings", by: "anna")
        else {
            Issue.record("the first catalog should be stored")
            return
        }
        #expect(first.revision == 1)
        #expect(
            try strings.put(document: "{\"x\":1}", sourceName: "b", expectedRevision: 0, by: "ben")
                == .stale(currentRevision: 1))
        #expect(try strings.currentRevision() == 1 && strings.revisions().count == 1)
    }
}
