import Foundation
import Storage
import Testing

@testable import Access

/// Users, sessions, throttling and tokens over a real database file.
@Suite struct AccessControlTests {
    static let password = "correct horse battery"

    @Test func passwordsAreArgon2idAndVerify() throws {
        let hash = try #require(PasswordHasher.hash(Self.password))
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(PasswordHasher.verify(Self.password, against: hash))
        #expect(!PasswordHasher.verify("wrong password", against: hash))
        #expect(!PasswordHasher.verify(Self.password, against: "not a hash"))
    }

    @Test func loginOpensASessionAndLogoutEndsIt() throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "anna", role: .editor, password: Self.password)
        guard
            case .success(let secret, let principal, _) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "10.0.0.1")
        else {
            Issue.record("login failed")
            return
        }
        #expect(principal.role == .editor)
        let found = try #require(try fixture.access.principal(forSession: secret))
        #expect(found.name == "anna")
        #expect(found.csrfToken == principal.csrfToken)
        #expect(try fixture.store.access.session(idHash: secret.text) == nil, "the id itself is not stored")
        try fixture.access.logOut(session: secret)
        #expect(try fixture.access.principal(forSession: secret) == nil)
    }

    @Test func wrongPasswordAndUnknownUserAreRefusedAlike() throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        #expect(try fixture.access.logIn(name: "anna", password: "not the password", client: "a") == .refused)
        #expect(try fixture.access.logIn(name: "nobody", password: Self.password, client: "b") == .refused)
    }

    @Test func sessionsExpireWhenIdleAndAbsolutely() throws {
        let policy = SessionPolicy(idleTimeout: 60, absoluteTimeout: 300, touchInterval: 10)
        let fixture = try AccessFixture(sessions: policy)
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let start = Date()
        guard
            case .success(let idle, _, _) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "c", now: start)
        else {
            Issue.record("login failed")
            return
        }
        #expect(try fixture.access.principal(forSession: idle, now: start.addingTimeInterval(50)) != nil)
        #expect(try fixture.access.principal(forSession: idle, now: start.addingTimeInterval(105)) != nil)
        #expect(try fixture.access.principal(forSession: idle, now: start.addingTimeInterval(200)) == nil)

        guard
            case .success(let busy, _, _) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "c", now: start)
        else {
            Issue.record("login failed")
            return
        }
        for minute in 1...4 {
            #expect(
                try fixture.access.principal(
                    forSession: busy, now: start.addingTimeInterval(Double(minute) * 55)) != nil)
        }
        #expect(try fixture.access.principal(forSession: busy, now: start.addingTimeInterval(301)) == nil)
    }

    @Test func passwordChangeEndsSessions() throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        guard
            case .success(let secret, _, _) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "d")
        else {
            Issue.record("login failed")
            return
        }
        try fixture.access.setPassword(name: "anna", password: "another long password")
        #expect(try fixture.access.principal(forSession: secret) == nil)
    }

    /// A failure stamped after `now` (another instance's clock ahead, or a date's round trip
    /// through the database, which failed the test below about once a run) never makes the
    /// wait longer than the cap.
    @Test func aFailureStampedAheadOfNowNeverWaitsPastTheCap() throws {
        let fixture = try AccessFixture(
            throttle: LoginThrottle.Policy(freeFailures: 3, accountCap: 30, addressCap: 300))
        let now = Date()
        for attempt in 0..<40 {
            try fixture.access.throttle.recordFailure(
                account: "anna", address: "7.7.7.\(attempt)", now: now.addingTimeInterval(0.5))
        }
        #expect(try fixture.access.throttle.wait(account: "anna", address: "1.2.3.4", now: now) == 30)
    }

    @Test func failuresSlowTheAccountAndTheAddressButNotForLong() throws {
        let fixture = try AccessFixture(
            throttle: LoginThrottle.Policy(freeFailures: 3, accountCap: 30, addressCap: 300))
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let now = Date()
        for _ in 0..<3 {
            #expect(
                try fixture.access.logIn(name: "anna", password: "guess guess", client: "6.6.6.6", now: now)
                    == .refused)
        }
        guard
            case .slowed(let wait) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "1.2.3.4", now: now)
        else {
            Issue.record("not slowed")
            return
        }
        #expect(wait >= 1)
        // Many more failures from many addresses never hold the account back beyond its cap.
        for attempt in 0..<40 {
            try fixture.access.throttle.recordFailure(account: "anna", address: "7.7.7.\(attempt)", now: now)
        }
        let throttle = fixture.access.throttle
        #expect(try throttle.wait(account: "anna", address: "1.2.3.4", now: now) ?? 0 <= 30)
        #expect(
            try throttle.wait(account: "anna", address: "1.2.3.4", now: now.addingTimeInterval(31)) == nil)
        guard
            case .success = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "1.2.3.4", now: now.addingTimeInterval(31))
        else {
            Issue.record("the real user stayed locked out")
            return
        }
    }

    @Test func tokensAreShownOnceStoredHashedAndRevokedAtOnce() throws {
        let fixture = try AccessFixture()
        let text = try fixture.access.createToken(
            name: "deploy", role: .editor, expiresAt: nil, createdBy: "anna")
        #expect(text.hasPrefix("pbt_"))
        let stored = try fixture.store.access.tokens()
        #expect(stored.count == 1)
        #expect(!stored[0].secretHash.contains(String(text.dropFirst(4))))
        guard
            case .valid(let principal, let recorded) = try fixture.access.check(
                authorization: "Bearer " + text)
        else {
            Issue.record("token refused")
            return
        }
        #expect(principal.actor == "token:deploy")
        #expect(principal.role == .editor)
        #expect(recorded)
        #expect(try fixture.access.tokens()[0].lastUsedAt != nil)
        try fixture.access.revokeToken(name: "deploy")
        #expect(try fixture.access.check(authorization: "Bearer " + text) == .invalid)
    }

    @Test func expiredTokensAreRefused() throws {
        let fixture = try AccessFixture()
        let now = Date()
        let text = try fixture.access.createToken(
            name: "short", role: .viewer, expiresAt: now.addingTimeInterval(60), createdBy: "anna", now: now)
        #expect(
            try fixture.access.check(authorization: "Bearer " + text, now: now.addingTimeInterval(30))
                != .invalid)
        #expect(
            try fixture.access.check(authorization: "Bearer " + text, now: now.addingTimeInterval(61))
                == .invalid)
    }

    @Test func theLastAdminStays() throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "root", role: .admin, password: Self.password)
        #expect(throws: AccessError.lastAdmin) { try fixture.access.removeUser(name: "root") }
        #expect(throws: AccessError.lastAdmin) { try fixture.access.setRole(name: "root", role: .viewer) }
        #expect(throws: AccessError.invalidName("a:b")) {
            try fixture.access.addUser(name: "a:b", role: .viewer, password: Self.password)
        }
        #expect(throws: AccessError.invalidPassword) {
            try fixture.access.addUser(name: "short", role: .viewer, password: "short")
        }
    }
}
