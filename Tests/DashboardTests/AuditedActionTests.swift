import Foundation
import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// The audit trail records changes by named action, with what changed, from the pages and the
/// API alike, and nothing for a read-only post or a dry run (issue 25, point 7).
@Suite struct AuditedActionTests {
    /// A form post as a browser sends it (open mode: no login, no CSRF token).
    static func post(_ fixture: AccessDashboard, _ target: String, _ fields: [(String, String)]) -> Response {
        let body = fields.map { PercentEncoding.encoded($0.0) + "=" + PercentEncoding.encoded($0.1) }
            .joined(separator: "&")
        return fixture.send(
            .post, target, body: body,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "X-Pushboard-User": "anna"])
    }

    static func events(_ fixture: AccessDashboard) throws -> [AuditEvent] {
        try fixture.store.audit.events(AuditFilter())
    }

    @Test func settingsChangesFromTheAPIAndThePageAreRecordedWithWhatChanged() throws {
        let fixture = try AccessDashboard()
        let saved = fixture.send(
            .put, "/api/v1/settings", as: .admin,
            body: #"{"appName": "Chat Pro", "appBundleID": "com.example.chat"}"#)
        #expect(saved.status == .ok)
        let api = try Self.events(fixture).filter { $0.action == "settings.update" }
        #expect(api.count == 1)
        #expect(api.first?.object == "/settings")
        #expect(api.first?.actor == "token:admin-token")
        #expect(api.first?.detail.contains(#"appName: none → "Chat Pro""#) == true)
        #expect(api.first?.detail.contains("appBundleID") == true)
        // The same values again change nothing, so nothing is recorded.
        _ = fixture.send(.put, "/api/v1/settings", as: .admin, body: #"{"appName": "Chat Pro"}"#)
        #expect(try Self.events(fixture).filter { $0.action == "settings.update" }.count == 1)

        let open = try AccessDashboard(openWithoutUsers: true, withUsers: false)
        let page = open.dashboard.respond(
            to: Request(
                method: .post, target: "/settings",
                headers: ["Content-Type": MultipartBody.contentType, "X-Pushboard-User": "anna"],
                body: SettingsPagesTests.form(name: "Shop", bundleID: "", icon: nil),
                remoteAddress: "127.0.0.1"))
        #expect(page.status == .seeOther)
        let recorded = try Self.events(open)
        #expect(recorded.count == 1)
        #expect(recorded.first?.action == "settings.update")
        #expect(recorded.first?.actor == "anna")
        #expect(recorded.first?.detail == #"appName: none → "Shop""#)
    }

    @Test func dryRunsPreviewsAndExportsRecordNothingWhileTheImportRecordsItsPlan() throws {
        let fixture = try AccessDashboard(openWithoutUsers: true, withUsers: false)
        let config =
            #"{"categories": [{"identifier": "message", "actions": [{"identifier": "reply", "title": "Reply"}]}]}"#
        let apiDryRun = fixture.send(
            .put, "/api/v1/categories?dryRun=true", body: config,
            headers: ["Content-Type": "application/json"])
        #expect(apiDryRun.status == .ok)
        #expect(Self.post(fixture, "/categories", [("config", config)]).status == .ok)
        let preview = Self.post(
            fixture, "/notifications/new", [("name", "Sale"), ("title", "Hello"), ("intent", "preview")])
        #expect(preview.status == .ok)
        let export = Self.post(fixture, "/notifications/new/export.json", [("title", "Hello")])
        #expect(export.status.code < 400)
        let none = try Self.events(fixture)
        #expect(none.isEmpty, "\(none.map(\.action))")

        let imported = Self.post(
            fixture, "/categories", [("config", config), ("plannedConfig", config), ("confirmRevision", "0")])
        #expect(imported.status == .seeOther)
        let events = try Self.events(fixture)
        #expect(events.map(\.action) == ["categories.replace"])
        #expect(events.first?.object == "/categories")
        #expect(events.first?.detail.hasSuffix("adds message") == true)
    }

    @Test func notificationSavesNameTheNotificationAndTheChangedFields() throws {
        let fixture = try AccessDashboard(openWithoutUsers: true, withUsers: false)
        let created = Self.post(
            fixture, "/notifications/new", [("name", "Sale"), ("title", "Hello"), ("intent", "save")])
        #expect(created.status == .seeOther)
        // The save redirects to the notification's page with "?saved=1" for its message; the
        // record names the page itself.
        let location = created.headers["Location"] ?? ""
        let address = String(location.prefix { $0 != "?" })
        #expect(location == address + "?saved=1")
        let first = try Self.events(fixture)
        #expect(first.map(\.action) == ["notifications.create"])
        #expect(first.first?.object == address)
        let updated = Self.post(
            fixture, address,
            [
                ("name", "Sale"), ("title", "Hello"), ("body", "Now 30 % off"), ("revision", "1"),
                ("intent", "save"),
            ])
        #expect(updated.status == .seeOther)
        let latest = try Self.events(fixture).first
        #expect(latest?.action == "notifications.update")
        #expect(latest?.object == address)
        #expect(latest?.detail == "revision 2: Body")
    }

    /// Events written before named actions (the HTTP method and the path) still read on
    /// `/audit` and in its API beside the new ones.
    @Test func oldRecordsStillShow() throws {
        let fixture = try AccessDashboard()
        try fixture.store.audit.record(
            actor: "anna", action: "PUT", object: "/api/v1/categories/message", detail: "200",
            client: "127.0.0.1")
        _ = fixture.send(.put, "/api/v1/settings", as: .admin, body: #"{"appName": "Chat"}"#)
        let api = DashboardFixture.text(fixture.send(.get, "/api/v1/audit", as: .admin))
        #expect(api.contains(#""action":"PUT","object":"/api/v1/categories/message""#))
        #expect(api.contains(#""action":"settings.update","object":"/settings""#))
    }
}
