import Access
import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// Login, CSRF, tokens and the audit trail through the whole dashboard.
@Suite struct SessionAndTokenTests {
    @Test func loginSetsAStrictHttpOnlyCookieAndLogoutEndsTheSession() throws {
        let fixture = try AccessDashboard()
        let response = fixture.send(
            .post, "/login", body: "name=viewer-user&password=a+long+enough+password&next=%2Fcategories",
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/categories")
        let cookie = try #require(response.headers["Set-Cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let session = try #require(try fixture.logIn("viewer-user"))
        #expect(fixture.send(.get, "/", headers: ["Cookie": session.cookie]).status == .ok)
        #expect(fixture.send(.post, "/logout", in: session, form: "").status == .seeOther)
        #expect(fixture.send(.get, "/", headers: ["Cookie": session.cookie]).status == .seeOther)
    }

    @Test func wrongPasswordIs401AndAudited() throws {
        let fixture = try AccessDashboard()
        #expect(try fixture.logIn("viewer-user", password: "not the password") == nil)
        let failed = try fixture.store.audit.events(AuditFilter(actor: "viewer-user"))
        #expect(failed.contains { $0.action == "login.failed" })
    }

    @Test func loginDoesNotRedirectElsewhere() {
        #expect(LoginPages.safeNext("//evil.example/") == "/")
        #expect(LoginPages.safeNext("https://evil.example/") == "/")
        #expect(LoginPages.safeNext("/\\evil.example") == "/")
        #expect(LoginPages.safeNext("/notifications?x=1") == "/notifications?x=1")
    }

    @Test func formsNeedTheSessionsCSRFToken() throws {
        let fixture = try AccessDashboard()
        let editor = try #require(try fixture.logIn("editor-user"))
        let form = "identifier=csrf&actions%5B0%5D%5Bidentifier%5D=a&actions%5B0%5D%5Btitle%5D=A&intent=save"
        let refused = fixture.send(.post, "/categories/new", in: editor, form: form, csrf: false)
        #expect(refused.status == .forbidden)
        #expect(DashboardFixture.text(refused).contains("CSRF"))
        let other = try #require(try fixture.logIn("admin-user"))
        let wrong = AccessDashboard.Session(cookie: editor.cookie, csrf: other.csrf)
        #expect(fixture.send(.post, "/categories/new", in: wrong, form: form).status == .forbidden)
        #expect(fixture.send(.post, "/categories/new", in: editor, form: form).status == .seeOther)
    }

    /// Upload forms (`multipart/form-data`) carry the token in the same hidden field: with it the
    /// settings and the Live Activity import save, without it they are refused.
    @Test func uploadFormsNeedTheSessionsCSRFTokenToo() throws {
        let fixture = try AccessDashboard()
        let admin = try #require(try fixture.logIn("admin-user"))
        func upload(_ target: String, _ fields: [(String, String)]) -> Response {
            fixture.dashboard.respond(
                to: Request(
                    method: .post, target: target,
                    headers: ["Cookie": admin.cookie, "Content-Type": MultipartBody.contentType],
                    body: MultipartBody.encode(fields.map(MultipartBody.field)), remoteAddress: "127.0.0.1"))
        }
        let settings = [("appName", "Zprávy"), ("appBundleID", "cz.example.zpravy")]
        #expect(upload("/settings", settings).status == .forbidden)
        #expect(upload("/settings", [("_csrf", admin.csrf)] + settings).status == .seeOther)
        let source = "struct A: ActivityAttributes { struct ContentState: Codable, Hashable { var n: Int } }"
        #expect(upload("/activities", [("source", source)]).status == .forbidden)
        #expect(upload("/activities", [("_csrf", admin.csrf), ("source", source)]).status == .seeOther)
    }

    /// Every page carries the signed-in role, by which the stylesheet hides what the role may not
    /// use: a viewer's pages are read only, and Settings is in the navigation for admins alone.
    @Test func aViewersPagesAreMarkedReadOnly() throws {
        let fixture = try AccessDashboard()
        let viewer = try #require(try fixture.logIn("viewer-user"))
        let editor = try #require(try fixture.logIn("editor-user"))
        for path in ["/notifications/new", "/categories", "/activities"] {
            let seen = DashboardFixture.text(fixture.send(.get, path, headers: ["Cookie": viewer.cookie]))
            #expect(seen.contains(#"<body data-role="viewer">"#), "\(path)")
            #expect(seen.contains("read only: previews and downloads, no changes"), "\(path)")
            #expect(seen.contains("data-needs-editor"), "\(path)")
            let edited = DashboardFixture.text(fixture.send(.get, path, headers: ["Cookie": editor.cookie]))
            #expect(edited.contains(#"<body data-role="editor">"#), "\(path)")
            #expect(!edited.contains("read only:"), "\(path)")
        }
        let composer = DashboardFixture.text(
            fixture.send(.get, "/notifications/new", headers: ["Cookie": viewer.cookie]))
        #expect(composer.contains(#"value="save" data-needs-editor>Save</button>"#))
        #expect(composer.contains(#"<li data-needs-admin><a href="/settings""#))
        let stylesheet = try String(
            contentsOfFile: DashboardFixture.repositoryRoot + "/Public/pushboard.css", encoding: .utf8)
        for rule in [
            #"[data-role="viewer"] [data-needs-editor]"#, #"[data-role="viewer"] [data-needs-admin]"#,
            #"[data-role="editor"] [data-needs-admin]"#,
        ] {
            #expect(stylesheet.contains(rule), "\(rule)")
        }
    }

    @Test func jsonCallsWithACookieNeedTheHeaderTokenCallsDoNot() throws {
        let fixture = try AccessDashboard()
        let editor = try #require(try fixture.logIn("editor-user"))
        let body = AccessDashboard.category("hdr")
        #expect(
            fixture.send(.put, "/api/v1/categories/hdr", in: editor, json: body, csrf: false).status
                == .forbidden)
        #expect(fixture.send(.put, "/api/v1/categories/hdr", in: editor, json: body).status == .created)
        #expect(fixture.send(.put, "/api/v1/categories/hdr", as: .editor, body: body).status == .ok)
    }

    @Test func everyPostFormOnAPageCarriesTheToken() throws {
        let fixture = try AccessDashboard()
        let admin = try #require(try fixture.logIn("admin-user"))
        for path in ["/categories", "/categories/new", "/notifications/new", "/users", "/tokens"] {
            let page = DashboardFixture.text(fixture.send(.get, path, headers: ["Cookie": admin.cookie]))
            let forms =
                page.components(separatedBy: "<form method=\"post\"").count - 1
                + page.components(separatedBy: "method=\"post\" action").count - 1
            let tokens = page.components(separatedBy: "name=\"_csrf\" value=\"\(admin.csrf)\"").count - 1
            #expect(forms > 0 && tokens >= 1, "\(path): \(forms) forms, \(tokens) tokens")
            #expect(page.contains("Signed in as <strong>admin-user</strong>"))
        }
    }

    @Test func tokensAreShownOnceAndRevokedAtOnce() throws {
        let fixture = try AccessDashboard()
        let admin = try #require(try fixture.logIn("admin-user"))
        let created = fixture.send(
            .post, "/tokens", in: admin, form: "name=pipeline&role=editor&expiresInDays=")
        #expect(created.status == .ok)
        #expect(created.headers["Cache-Control"] == "no-store")
        let page = DashboardFixture.text(created)
        let start = try #require(page.range(of: "<code class=\"token-secret\">"))
        let token = String(page[start.upperBound...].prefix { $0 != "<" })
        #expect(token.hasPrefix("pbt_"))
        let bearer: HTTPHeaders = ["Authorization": "Bearer " + token]
        #expect(fixture.send(.get, "/api/v1/categories", headers: bearer).status == .ok)
        let later = DashboardFixture.text(fixture.send(.get, "/tokens", headers: ["Cookie": admin.cookie]))
        #expect(!later.contains(token) && !later.contains(String(token.dropFirst(4))))
        #expect(later.contains("pipeline"))
        let audit = DashboardFixture.text(fixture.send(.get, "/api/v1/audit", as: .admin))
        #expect(!audit.contains(String(token.dropFirst(4))))
        #expect(fixture.send(.post, "/tokens/pipeline/revoke", in: admin, form: "").status == .ok)
        #expect(fixture.send(.get, "/api/v1/categories", headers: bearer).status == .unauthorized)
    }

    @Test func theTrailNamesTheUserAndTheTokenNeverAClaimedName() throws {
        let fixture = try AccessDashboard()
        let editor = try #require(try fixture.logIn("editor-user"))
        var headers: HTTPHeaders = [
            "Cookie": editor.cookie, "X-CSRF-Token": editor.csrf, "Content-Type": "application/json",
            "X-Pushboard-User": "mallory",
        ]
        #expect(
            fixture.send(.put, "/api/v1/categories/a", body: AccessDashboard.category("a"), headers: headers)
                .status
                == .created)
        headers = [
            "Authorization": "Bearer " + (fixture.tokens[.editor] ?? ""), "Content-Type": "application/json",
            "X-Pushboard-User": "mallory",
        ]
        #expect(
            fixture.send(.put, "/api/v1/categories/b", body: AccessDashboard.category("b"), headers: headers)
                .status
                == .created)
        // Named actions on the category's page, whichever route made the change (issue 25).
        let events = try fixture.store.audit.events(AuditFilter(objectPrefix: "/categories/"))
        #expect(
            events.contains {
                $0.actor == "editor-user" && $0.object == "/categories/a" && $0.action == "categories.create"
            })
        #expect(events.contains { $0.actor == "token:editor-token" && $0.object == "/categories/b" })
        #expect(!events.contains { $0.actor == "mallory" })
        let history = try fixture.store.categories.revisions(of: "b")
        #expect(history.first?.changedBy == "token:editor-token")
        let json = DashboardFixture.text(
            fixture.send(.get, "/api/v1/audit?user=token:editor-token", as: .admin))
        #expect(json.contains("/categories/b") && !json.contains("/categories/a\""))
        let logins = try fixture.store.audit.events(AuditFilter(actor: "editor-user"))
        #expect(logins.contains { $0.action == "login" })
        #expect(
            try fixture.store.audit.events(AuditFilter(actor: "token:editor-token")).contains {
                $0.action == "token.used"
            })
    }

    @Test func openOnLoopbackWithoutUsersAndEveryPageSaysSo() throws {
        let fixture = try AccessDashboard(openWithoutUsers: true, withUsers: false)
        for path in ["/", "/categories", "/notifications/new"] {
            let response = fixture.send(.get, path)
            #expect(response.status == .ok)
            #expect(DashboardFixture.text(response).contains("No login: this dashboard has no users"))
        }
        let claimed = fixture.send(
            .put, "/api/v1/categories/open", body: AccessDashboard.category("open"),
            headers: ["Content-Type": "application/json", "X-Pushboard-User": "anna"])
        #expect(claimed.status == .created)
        #expect(try fixture.store.audit.events(AuditFilter(actor: "anna")).count == 1)
        // The first user closes it at once.
        try AccessControl(store: fixture.store.access).addUser(
            name: "first", role: .admin, password: AccessDashboard.password)
        #expect(fixture.send(.get, "/").status == .seeOther)
    }
}
