import Access
import Foundation
import HTTPKit
import Storage

@testable import Dashboard

/// A dashboard that requires login (as when bound beyond loopback), with one user and one API
/// token per role, driven in-process.
struct AccessDashboard {
    static let password = "a long enough password"

    let dashboard: Dashboard
    let dataDirectory: String
    let store: Store
    /// The bearer token text of each role.
    let tokens: [Role: String]

    init(
        openWithoutUsers: Bool = false, withUsers: Bool = true,
        configure: (inout DashboardConfiguration) -> Void = { _ in }
    ) throws {
        dataDirectory = NSTemporaryDirectory() + "pushboard-access-" + UUID().uuidString
        store = try Store(directory: dataDirectory)
        let access = AccessControl(store: store.access)
        var tokens: [Role: String] = [:]
        if withUsers {
            for role in Role.allCases {
                try access.addUser(name: role.rawValue + "-user", role: role, password: Self.password)
                tokens[role] = try access.createToken(
                    name: role.rawValue + "-token", role: role, expiresAt: nil, createdBy: "test")
            }
        }
        self.tokens = tokens
        var configuration = DashboardConfiguration(
            dataDirectory: dataDirectory)
        configuration.openWithoutUsers = openWithoutUsers
        configure(&configuration)
        dashboard = try Dashboard(configuration: configuration)
    }

    /// A browser session: its cookie header and CSRF token.
    struct Session {
        let cookie: String
        let csrf: String
    }

    /// The answer to one request from `address`.
    func send(
        _ method: HTTPMethod, _ target: String, body: String = "", headers: HTTPHeaders = [:],
        from address: String = "127.0.0.1"
    ) -> Response {
        dashboard.respond(
            to: Request(
                method: method, target: target, headers: headers, body: Array(body.utf8),
                remoteAddress: address))
    }

    /// The answer to a request made with `role`'s API token.
    func send(
        _ method: HTTPMethod, _ target: String, as role: Role, body: String = "",
        type: String = "application/json"
    ) -> Response {
        send(
            method, target, body: body,
            headers: ["Authorization": "Bearer " + (tokens[role] ?? ""), "Content-Type": type])
    }

    /// The answer to a request made in `session`, with its CSRF token in the form or header.
    func send(
        _ method: HTTPMethod, _ target: String, in session: Session, form: String? = nil, json: String? = nil,
        csrf: Bool = true
    ) -> Response {
        var headers: HTTPHeaders = ["Cookie": session.cookie]
        var body = ""
        if let form {
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            body = csrf ? "_csrf=\(session.csrf)&" + form : form
        } else if let json {
            headers.add(name: "Content-Type", value: "application/json")
            if csrf { headers.add(name: "X-CSRF-Token", value: session.csrf) }
            body = json
        }
        return send(method, target, body: body, headers: headers)
    }

    /// Logs in as `name` and reads the CSRF token from a page's form.
    func logIn(_ name: String, password: String = AccessDashboard.password) throws -> Session? {
        let response = send(
            .post, "/login",
            body: "name=\(name)&password=\(password.replacingOccurrences(of: " ", with: "+"))",
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        guard response.status == .seeOther,
            let setCookie = response.headers.values(for: "Set-Cookie").first(where: {
                $0.hasPrefix(SessionCookie.name + "=")
            })
        else { return nil }
        let cookie = String(setCookie.split(separator: ";")[0])
        let page = DashboardFixture.text(send(.get, "/categories", headers: ["Cookie": cookie]))
        guard let start = page.range(of: "name=\"_csrf\" value=\"") else { return nil }
        let csrf = page[start.upperBound...].prefix { $0 != "\"" }
        return Session(cookie: cookie, csrf: String(csrf))
    }

    /// A category document for the API.
    static func category(_ identifier: String) -> String {
        #"{"identifier":"\#(identifier)","actions":[{"identifier":"reply","title":"Reply"}]}"#
    }
}
