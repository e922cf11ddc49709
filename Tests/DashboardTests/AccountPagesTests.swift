import Access
import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// Changing a password from the dashboard: a user's own change on `/account` and an admin's
/// reset on `/users`, each CSRF-checked, audited, and ending the sessions it must.
@Suite struct AccountPagesTests {
    static let newPassword = "a brand new password"

    /// The form that changes the password, already encoded.
    static func changeForm(current: String, password: String, confirmation: String? = nil) -> String {
        func encoded(_ text: String) -> String { text.replacingOccurrences(of: " ", with: "+") }
        return "current=\(encoded(current))&password=\(encoded(password))"
            + "&confirmation=\(encoded(confirmation ?? password))"
    }

    @Test func ownChangeKeepsThisSessionEndsTheOtherAndIsAudited() throws {
        let fixture = try AccessDashboard()
        let here = try #require(try fixture.logIn("viewer-user"))
        let laptop = try #require(try fixture.logIn("viewer-user"))
        let form = Self.changeForm(current: AccessDashboard.password, password: Self.newPassword)
        let response = fixture.send(.post, "/account/password", in: here, form: form)
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/account?changed=1")
        let page = fixture.send(.get, "/account?changed=1", headers: ["Cookie": here.cookie])
        #expect(page.status == .ok)
        #expect(
            DashboardFixture.text(page).contains("Your password was changed; 1 other session was signed out.")
        )
        #expect(fixture.send(.get, "/account", headers: ["Cookie": laptop.cookie]).status == .seeOther)
        #expect(try fixture.logIn("viewer-user") == nil, "the old password no longer works")
        #expect(try fixture.logIn("viewer-user", password: Self.newPassword) != nil)
        let events = try fixture.store.audit.events(AuditFilter(actor: "viewer-user"))
        let change = try #require(events.first { $0.action == "user.password" })
        #expect(change.object == "user:viewer-user")
        #expect(change.detail == "ended 1 other session(s)")
        #expect(!events.contains { $0.detail.contains(Self.newPassword) })
    }

    /// (form, field marked invalid, message shown).
    static let refusals: [(String, String, String)] = [
        (
            changeForm(current: "not the password", password: newPassword), "account-current",
            "current password is wrong"
        ),
        (changeForm(current: "", password: newPassword), "account-current", "Enter your current password."),
        (
            changeForm(current: AccessDashboard.password, password: "too short"), "account-password",
            "must be 10 to"
        ),
        (
            changeForm(
                current: AccessDashboard.password, password: newPassword, confirmation: "a brand new passw0rd"
            ),
            "account-confirmation", "differ"
        ),
    ]

    @Test(arguments: refusals)
    func aRefusedChangeSaysWhyAtTheFieldAndChangesNothing(form: String, field: String, message: String) throws
    {
        let fixture = try AccessDashboard()
        let here = try #require(try fixture.logIn("editor-user"))
        let other = try #require(try fixture.logIn("editor-user"))
        let response = fixture.send(.post, "/account/password", in: here, form: form)
        #expect(response.status == .unprocessableContent)
        let page = DashboardFixture.text(response)
        #expect(page.contains(message))
        #expect(page.contains("id=\"\(field)\" name="))
        #expect(page.contains("aria-describedby=\"\(field)-error\"") || page.contains("\(field)-error\""))
        #expect(!page.contains(Self.newPassword), "a password is never written back into the page")
        #expect(fixture.send(.get, "/account", headers: ["Cookie": other.cookie]).status == .ok)
        #expect(try fixture.logIn("editor-user") != nil, "the password is unchanged")
    }

    @Test func theChangeNeedsTheCSRFTokenAndASession() throws {
        let fixture = try AccessDashboard()
        let here = try #require(try fixture.logIn("viewer-user"))
        let form = Self.changeForm(current: AccessDashboard.password, password: Self.newPassword)
        #expect(
            fixture.send(.post, "/account/password", in: here, form: form, csrf: false).status == .forbidden)
        let anonymous = fixture.send(
            .post, "/account/password", body: form,
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(anonymous.status == .unauthorized)
        let token = fixture.send(
            .post, "/account/password", as: .admin, body: form, type: "application/x-www-form-urlencoded")
        #expect(token.status == .forbidden)
        #expect(DashboardFixture.text(token).contains("API tokens have no password"))
        #expect(fixture.send(.get, "/account").status == .seeOther)
        #expect(try fixture.logIn("viewer-user") != nil, "nothing changed")
    }

    @Test func theAccountPageHasTheFormAndTheSessionBarLinksToIt() throws {
        let fixture = try AccessDashboard()
        let here = try #require(try fixture.logIn("viewer-user"))
        let page = DashboardFixture.text(fixture.send(.get, "/account", headers: ["Cookie": here.cookie]))
        #expect(page.contains("<form method=\"post\" action=\"/account/password\""))
        #expect(page.contains("name=\"_csrf\" value=\"\(here.csrf)\""))
        #expect(page.contains("autocomplete=\"current-password\""))
        #expect(page.contains("<a href=\"/account\">Account</a>"))
    }

    @Test func withoutUsersTheAccountPageExplainsThatThereIsNoLogin() throws {
        let fixture = try AccessDashboard(openWithoutUsers: true, withUsers: false)
        let response = fixture.send(.get, "/account")
        #expect(response.status == .ok)
        let page = DashboardFixture.text(response)
        #expect(page.contains("without users this dashboard has no login"))
        #expect(!page.contains("action=\"/account/password\""))
    }

    @Test func anAdminResetEndsEverySessionOfThatUserAndIsAudited() throws {
        let fixture = try AccessDashboard()
        let admin = try #require(try fixture.logIn("admin-user"))
        let editor = try #require(try fixture.logIn("editor-user"))
        let form = "password=a+brand+new+password&confirmation=a+brand+new+password"
        let response = fixture.send(.post, "/users/editor-user/password", in: admin, form: form)
        #expect(response.status == .ok)
        #expect(
            DashboardFixture.text(response).contains(
                "Set a new password for editor-user; 1 session(s) of theirs ended."))
        #expect(fixture.send(.get, "/", headers: ["Cookie": editor.cookie]).status == .seeOther)
        #expect(fixture.send(.get, "/users", headers: ["Cookie": admin.cookie]).status == .ok)
        #expect(try fixture.logIn("editor-user", password: Self.newPassword) != nil)
        let events = try fixture.store.audit.events(AuditFilter(actor: "admin-user"))
        #expect(events.contains { $0.action == "user.password.reset" && $0.object == "user:editor-user" })
        let ended = fixture.send(.post, "/users/editor-user/password", in: editor, form: form)
        #expect(ended.status == .unauthorized, "the ended session is gone")
    }

    @Test func aResetWithDifferingPasswordsOrForNobodyIsRefused() throws {
        let fixture = try AccessDashboard()
        let admin = try #require(try fixture.logIn("admin-user"))
        let differ = fixture.send(
            .post, "/users/viewer-user/password", in: admin,
            form: "password=a+brand+new+password&confirmation=something+else+entirely")
        #expect(differ.status == .unprocessableContent)
        #expect(DashboardFixture.text(differ).contains("The two new passwords differ"))
        let nobody = fixture.send(
            .post, "/users/nobody/password", in: admin,
            form: "password=a+brand+new+password&confirmation=a+brand+new+password")
        #expect(nobody.status == .unprocessableContent)
        #expect(try fixture.logIn("viewer-user") != nil, "the password is unchanged")
        let editor = try #require(try fixture.logIn("editor-user"))
        let refused = fixture.send(
            .post, "/users/viewer-user/password", in: editor,
            form: "password=a+brand+new+password&confirmation=a+brand+new+password")
        #expect(refused.status == .forbidden)
    }
}
