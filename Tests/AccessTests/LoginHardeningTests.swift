import Concurrency
import Foundation
import Storage
import Testing

@testable import Access

/// Issue 23: logins cost the attacker, not the disk, and strangers cannot lock anyone out.
@Suite struct LoginHardeningTests {
    static let password = "correct horse battery"

    /// The throttle's check and the record of a failure are one step: 40 wrong passwords at once
    /// get the 5 free password checks, no more (they got 10–11). Each `.refused` is a real
    /// Argon2id check, so counting them counts the checks without looking at the clock.
    @Test func fortyConcurrentAttemptsGetAtMostFivePasswordChecks() throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let results = Locked<[AccessControl.LoginResult]>([])
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<40 {
            finished.enter()
            // Real threads, not a pool sized to the cores: all 40 must be in flight at once.
            Thread {
                defer { finished.leave() }
                start.wait()
                if let result = try? fixture.access.logIn(
                    name: "anna", password: "guess guess", client: "6.6.6.6")
                {
                    results.withLock { $0.append(result) }
                }
            }.start()
        }
        for _ in 0..<40 { start.signal() }
        finished.wait()
        let all = results.withLock { $0 }
        #expect(all.count == 40)
        #expect(all.filter { $0 == .refused }.count == 5)
    }

    /// The owner's browser holds a device cookie from an earlier login: however many strangers
    /// fail at the account, from however many addresses, it logs in, while a stranger with the
    /// right password is held back.
    @Test func aKnownDeviceLogsInWhileStrangersFailAtItsAccount() throws {
        let throttle = LoginThrottle.Policy(freeFailures: 3, accountCap: 300, addressCap: 300)
        let fixture = try AccessFixture(throttle: throttle)
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let now = Date()
        guard
            case .success(_, _, let device) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "10.0.0.1", now: now)
        else {
            Issue.record("first login failed")
            return
        }
        for attempt in 0..<30 {
            _ = try fixture.access.logIn(
                name: "anna", password: "guess \(attempt)", client: "6.6.6.\(attempt % 5)", now: now)
        }
        let stranger = try fixture.access.logIn(
            name: "anna", password: Self.password, client: "10.0.0.2", now: now)
        #expect(stranger != .refused)
        if case .success = stranger { Issue.record("a stranger got past the account's throttle") }
        let header = "other=1; \(DeviceCookie.name)=\(device.value)"
        let presented = try #require(fixture.access.device(inCookieHeader: header))
        guard
            case .success(_, _, let kept) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "10.0.0.1", device: presented, now: now)
        else {
            Issue.record("the owner was locked out by strangers")
            return
        }
        #expect(kept == device, "the same device cookie is kept")
    }

    /// A device cookie is only believed with the server's signature, and only for its account.
    @Test func forgedOrForeignDeviceCookiesAreIgnored() throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        guard
            case .success(_, _, let device) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "10.0.0.1")
        else {
            Issue.record("login failed")
            return
        }
        let forged = String(device.value.dropLast()) + (device.value.hasSuffix("0") ? "1" : "0")
        #expect(fixture.access.device(inCookieHeader: "\(DeviceCookie.name)=\(forged)") == nil)
        let renamed = "bob" + device.value.drop { $0 != ":" }
        #expect(fixture.access.device(inCookieHeader: "\(DeviceCookie.name)=\(renamed)") == nil)
        let other = AccessControl(store: fixture.store.access)
        #expect(other.device(inCookieHeader: "\(DeviceCookie.name)=\(device.value)") == nil, "another key")
        #expect(device.setCookie(secure: true).contains("HttpOnly; SameSite=Strict; Secure"))
    }

    /// A password typed into the name field never reaches the audit trail: an unknown name is
    /// named by a keyed hash, the same each time; a real account by its name.
    @Test func unknownNamesAreNamedByAKeyedHash() throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let typed = try fixture.access.auditName(forAttempted: "hunter2-secret")
        #expect(!typed.contains("hunter2"))
        #expect(typed.hasPrefix("unknown user (hash "))
        #expect(try fixture.access.auditName(forAttempted: "hunter2-secret") == typed)
        #expect(try fixture.access.auditName(forAttempted: "hunter3-secret") != typed)
        #expect(try fixture.access.auditName(forAttempted: "anna") == "anna")
    }

    /// The key lives beside the database and survives a restart (device cookies stay valid).
    @Test func theKeyIsKeptInTheDataDirectory() throws {
        let fixture = try AccessFixture()
        let first = try AccessKey.stored(in: fixture.directory)
        let again = try AccessKey.stored(in: fixture.directory)
        #expect(first.bytes == again.bytes)
        let path = (fixture.directory as NSString).appendingPathComponent(AccessKey.fileName)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    /// Expired sessions are deleted by the periodic pruning, which says how many went.
    @Test func expiredSessionsArePrunedAndCounted() throws {
        let policy = SessionPolicy(idleTimeout: 60, absoluteTimeout: 300, touchInterval: 10)
        let fixture = try AccessFixture(sessions: policy)
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let start = Date()
        for _ in 0..<3 {
            _ = try fixture.access.logIn(name: "anna", password: Self.password, client: "c", now: start)
        }
        guard
            case .success(let live, _, _) = try fixture.access.logIn(
                name: "anna", password: Self.password, client: "c", now: start.addingTimeInterval(100))
        else {
            Issue.record("login failed")
            return
        }
        #expect(try fixture.access.removeExpiredSessions(now: start.addingTimeInterval(120)) == 3)
        #expect(try fixture.access.principal(forSession: live, now: start.addingTimeInterval(120)) != nil)
        #expect(try fixture.access.removeExpiredSessions(now: start.addingTimeInterval(120)) == 0)
    }
}
