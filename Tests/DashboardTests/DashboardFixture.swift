import Foundation
import HTTPKit

@testable import Dashboard

/// A dashboard on the repository's real templates, static files and OpenAPI document, with a
/// fresh data directory, driven in-process with `Request` values.
struct DashboardFixture {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    let dashboard: Dashboard
    let dataDirectory: String

    init(allowedHosts: [String] = []) throws {
        dataDirectory = NSTemporaryDirectory() + "pushboard-dashboard-" + UUID().uuidString
        dashboard = try Dashboard(
            configuration: DashboardConfiguration(
                dataDirectory: dataDirectory,
                allowedHosts: allowedHosts))
    }

    /// The answer to one request.
    func send(
        _ method: HTTPMethod, _ target: String, body: String = "", headers: HTTPHeaders = [:]
    ) -> Response {
        dashboard.respond(
            to: Request(
                method: method, target: target, headers: headers, body: Array(body.utf8),
                remoteAddress: "127.0.0.1"))
    }

    /// The body as text.
    static func text(_ response: Response) -> String {
        String(decoding: response.body, as: UTF8.self)
    }
}
