import Access
import Foundation
import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// Issue 23 through the whole dashboard: failed logins cost the attacker, not the disk; nobody
/// is locked out by strangers; the client behind a trusted proxy is told apart; a read never
/// waits for the session's "last seen" write; audit failures are counted and answered.
@Suite struct LoginHardeningTests {
    static let form = ["Content-Type": "application/x-www-form-urlencoded"] as HTTPHeaders

    static func logIn(
        _ fixture: AccessDashboard, _ name: String, password: String = "wrong+password", from address: String,
        headers: HTTPHeaders = [:]
    ) -> Response {
        var all = form
        for field in headers { all.add(name: field.name, value: field.value) }
        return fixture.send(
            .post, "/login", body: "name=\(name)&password=\(password)", headers: all, from: address)
    }

    /// One client, 1 000 wrong passwords: a few are refused (5, and one more each time the
    /// doubling wait runs out on a slow machine), the rest throttled, and the trail gains one
    /// row for the first failure and, once the minute is over, one summary counting the rest.
    @Test func aThousandThrottledLoginsAddAHandfulOfAuditRows() throws {
        let fixture = try AccessDashboard()
        let before = try fixture.store.audit.page(AuditFilter()).total
        var statuses: [Int: Int] = [:]
        for _ in 0..<1000 {
            statuses[Self.logIn(fixture, "viewer-user", from: "127.0.0.5").status.code, default: 0] += 1
        }
        let refused = statuses[401] ?? 0
        let slowed = statuses[429] ?? 0
        #expect(refused + slowed == 1000 && (5...12).contains(refused))
        #expect(try fixture.store.audit.page(AuditFilter()).total - before <= 2)
        fixture.dashboard.housekeeping.writeEndedMinutes(now: Date().addingTimeInterval(61))
        let events = try fixture.store.audit.events(AuditFilter())
        #expect(events.count - before <= 3)
        let summary = try #require(events.first { $0.action == "login.failed.summary" })
        #expect(
            summary.detail
                == "\(refused - 1) more failed logins and \(slowed) throttled attempts (429) from 127.0.0.5 in the last minute"
        )
        let metrics = DashboardFixture.text(fixture.send(.get, "/metrics", as: .viewer))
        #expect(metrics.contains("pushboard_logins_total{result=\"slowed\"} \(slowed)\n"))
    }

    /// Under concurrent attempts throttled answers come first (the refused ones are still
    /// checking their passwords): the minute's first refused login is still written in full.
    @Test func theFirstRefusedLoginIsWrittenEvenAfterThrottledOnes() {
        let log = LoginFailureLog()
        let now = Date()
        #expect(log.failure(from: "a", slowed: true, now: now).writeInFull == false)
        #expect(log.failure(from: "a", slowed: false, now: now).writeInFull)
        #expect(log.failure(from: "a", slowed: false, now: now).writeInFull == false)
        let summaries = log.endedMinutes(now: now.addingTimeInterval(60))
        #expect(
            summaries.map(\.detail) == [
                "1 more failed login and 1 throttled attempt (429) from a in the last minute"
            ])
    }

    /// A password typed into the name field is not kept in the trail.
    @Test func anUnknownUserNameIsNotStoredInClear() throws {
        let fixture = try AccessDashboard()
        #expect(Self.logIn(fixture, "MySecretPassw0rd", from: "127.0.0.6").status == .unauthorized)
        let events = try fixture.store.audit.events(AuditFilter())
        let failed = try #require(events.first { $0.action == "login.failed" })
        #expect(failed.actor.hasPrefix("unknown user (hash "))
        #expect(!events.contains { "\($0)".contains("MySecretPassw0rd") })
    }

    /// The owner of an account under attack logs in with the device cookie of an earlier login,
    /// while the attacker keeps failing and a browser without the cookie is held back.
    @Test func theRealUserLogsInWithTheirDeviceCookieDuringAnAttack() throws {
        let fixture = try AccessDashboard()
        let first = Self.logIn(fixture, "editor-user", password: "a+long+enough+password", from: "127.0.0.2")
        #expect(first.status == .seeOther)
        let device = try #require(
            first.headers.values(for: "Set-Cookie").first { $0.hasPrefix(DeviceCookie.name + "=") })
        #expect(device.contains("Path=/login") && device.contains("HttpOnly"))
        let cookie = String(device.split(separator: ";")[0])
        for round in 0..<5 {
            for attempt in 0..<6 {
                _ = Self.logIn(fixture, "editor-user", from: "127.0.0.\(10 + attempt % 4)")
            }
            let owner = Self.logIn(
                fixture, "editor-user", password: "a+long+enough+password", from: "127.0.0.2",
                headers: ["Cookie": cookie])
            #expect(owner.status == .seeOther, "round \(round)")
        }
        let stranger = Self.logIn(
            fixture, "editor-user", password: "a+long+enough+password", from: "127.0.0.3")
        #expect(stranger.status == .tooManyRequests)
    }

    /// Behind a trusted proxy two clients are throttled apart; the header from anyone else is
    /// not believed.
    @Test func behindATrustedProxyClientsAreThrottledApart() throws {
        let fixture = try AccessDashboard { $0.trustedProxies = ["127.0.0.1"] }
        func attempt(_ name: String, forwardedFor: String, from peer: String = "127.0.0.1") -> HTTPStatus {
            Self.logIn(fixture, name, from: peer, headers: ["X-Forwarded-For": forwardedFor]).status
        }
        for index in 0..<5 {
            #expect(attempt("nobody\(index)", forwardedFor: "10.9.9.9, 10.0.0.1") == .unauthorized)
        }
        #expect(attempt("nobody9", forwardedFor: "10.0.0.1") == .tooManyRequests)
        #expect(attempt("nobody9", forwardedFor: "10.0.0.2") == .unauthorized)
        let failed = try fixture.store.audit.events(AuditFilter()).filter { $0.action == "login.failed" }
        #expect(Set(failed.map(\.client)) == ["10.0.0.1", "10.0.0.2"])
        // 127.0.0.7 is no trusted proxy: its header is ignored, its own address counts.
        for index in 0..<5 {
            #expect(attempt("x\(index)", forwardedFor: "10.1.0.\(index)", from: "127.0.0.7") == .unauthorized)
        }
        #expect(attempt("x9", forwardedFor: "10.1.0.99", from: "127.0.0.7") == .tooManyRequests)
    }

    /// With login on, a read whose session is due for its "last seen" write answers at once
    /// while another connection holds the write lock (it waited 2 s and answered 503).
    @Test func aReadDoesNotWaitForTheWriteLock() throws {
        let fixture = try AccessDashboard()
        let session = try #require(try fixture.logIn("viewer-user"))
        let other = try Database(path: fixture.store.file!.path)
        let response = try other.withConnection { connection in
            _ = try connection.run(
                "UPDATE sessions SET last_seen_at = ?",
                [.text(AccessStore.timestamp(Date().addingTimeInterval(-300)))])
            try connection.execute("BEGIN IMMEDIATE")
            defer { try? connection.execute("ROLLBACK") }
            return fixture.send(.get, "/categories", headers: ["Cookie": session.cookie])
        }
        #expect(response.status == .ok)
    }

    /// The record of a change outlasts one bounded wait for a busy database (the change is made;
    /// a 503 would say it was not recorded): another connection holds the write lock longer
    /// than `Database.writeWait`, and the record is written once it lets go.
    @Test func theRecordOfAChangeWaitsOutABusyDatabase() throws {
        let fixture = try AccessDashboard()
        let other = try Database(path: fixture.store.file!.path)
        let locked = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread {
            try? other.withConnection { connection in
                try connection.execute("BEGIN IMMEDIATE")
                locked.signal()
                Thread.sleep(forTimeInterval: Database.writeWait + 0.5)
                try connection.execute("ROLLBACK")
            }
            released.signal()
        }.start()
        locked.wait()
        let trail = AuditTrail(store: fixture.store.audit, metrics: Metrics(), log: ServerLog())
        #expect(throws: Never.self) {
            try trail.record(
                actor: "user:anna", action: "PUT", object: "/api/v1/categories/late", client: "c")
        }
        released.wait()
        let events = try fixture.store.audit.events(AuditFilter(objectPrefix: "/api/v1/categories/late"))
        #expect(events.map(\.actor) == ["user:anna"])
    }

    /// An audit event that cannot be written is counted in `/metrics`, logged, and answered: a
    /// change 503 `audit.failed` saying it was made, a failed login still 401 (four failures:
    /// two token uses, the change, the failed login).
    @Test func aFailedAuditWriteIsCountedAndAnswered() throws {
        let fixture = try AccessDashboard()
        try fixture.store.file!.withConnection { connection in
            try connection.execute(
                "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        }
        let put = fixture.send(
            .put, "/api/v1/categories/audited", as: .editor, body: AccessDashboard.category("audited"))
        #expect(put.status == .serviceUnavailable)
        let text = DashboardFixture.text(put)
        #expect(text.contains("\"audit.failed\"") && text.contains("The change was made"))
        #expect(Self.logIn(fixture, "viewer-user", from: "127.0.0.8").status == .unauthorized)
        let metrics = DashboardFixture.text(fixture.send(.get, "/metrics", as: .viewer))
        #expect(metrics.contains("pushboard_audit_write_failures_total 4"))
    }

    /// Retention deletes old audit events and expired sessions and says how many, on `/audit`
    /// and in `/metrics`.
    @Test func retentionPrunesOldEventsAndExpiredSessionsAndSaysHowMany() throws {
        let fixture = try AccessDashboard { $0.auditRetentionDays = 30 }
        let old = Date().addingTimeInterval(-31 * 86_400)
        for index in 0..<3 {
            try fixture.store.audit.record(
                actor: "a", action: "PUT", object: "/x\(index)", client: "c", at: old)
        }
        try fixture.store.audit.record(actor: "a", action: "PUT", object: "/recent", client: "c")
        _ = try #require(try fixture.logIn("viewer-user"))
        let stale = AccessStore.timestamp(Date().addingTimeInterval(-3 * 3600))
        try fixture.store.file!.withConnection {
            _ = try $0.run("UPDATE sessions SET last_seen_at = ?", [.text(stale)])
        }
        let admin = try #require(try fixture.logIn("admin-user"))
        let pruning = try #require(fixture.dashboard.housekeeping.run(prune: true))
        #expect(pruning.auditEvents == 3 && pruning.sessions == 1)
        #expect(try fixture.store.audit.events(AuditFilter(objectPrefix: "/x")).isEmpty)
        let page = DashboardFixture.text(fixture.send(.get, "/audit", headers: ["Cookie": admin.cookie]))
        #expect(
            page.contains("Events are kept 30 days.")
                && page.contains("deleted 3 old event(s) and 1 expired session(s)"))
        let metrics = DashboardFixture.text(fixture.send(.get, "/metrics", as: .viewer))
        #expect(metrics.contains("pushboard_pruned_rows_total{table=\"audit_events\"} 3"))
    }

    /// The audit list is paged, with its total and the next page's address, in the API and on
    /// the page; the old shape (`events`) is kept.
    @Test func theAuditListIsPaged() throws {
        let fixture = try AccessDashboard()
        for index in 0..<5 {
            try fixture.store.audit.record(actor: "pager", action: "PUT", object: "/p\(index)", client: "c")
        }
        let first = DashboardFixture.text(fixture.send(.get, "/api/v1/audit?user=pager&limit=2", as: .admin))
        #expect(first.contains("\"total\":5") && first.contains("\"nextOffset\":2"))
        #expect(first.contains("\"next\":\"/api/v1/audit?user=pager&limit=2&offset=2\""))
        #expect(first.contains("\"object\":\"/p4\"") && first.contains("\"object\":\"/p3\""))
        let last = DashboardFixture.text(
            fixture.send(.get, "/api/v1/audit?user=pager&limit=2&offset=4", as: .admin))
        #expect(last.contains("\"object\":\"/p0\"") && !last.contains("nextOffset"))
        #expect(fixture.send(.get, "/api/v1/audit?offset=-1", as: .admin).status == .badRequest)
        let admin = try #require(try fixture.logIn("admin-user"))
        let page = DashboardFixture.text(
            fixture.send(.get, "/audit?user=pager&limit=2", headers: ["Cookie": admin.cookie]))
        #expect(
            page.contains("1–2 of 5") && page.contains("href=\"/audit?user=pager&amp;limit=2&amp;offset=2\""))
    }
}
