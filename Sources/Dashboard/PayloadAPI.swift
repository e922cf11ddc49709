import HTTPKit
import NotificationKit
import Storage

/// `POST /api/v1/validate`, `/preview` and `/export`: payloads checked against the registry.
struct PayloadAPI: Sendable {
    let categories: CategoryStore

    /// Adds the payload routes.
    func register(in router: inout RouterBuilder) {
        router.post("/api/v1/validate") { request, _ in
            let submission = try PayloadSubmission(request)
            let report = submission.report(registered: try registeredIdentifiers())
            return APIResponse.json(report.jsonValue, status: report.valid ? .ok : .unprocessableContent)
        }
    }

    /// The identifiers the registry holds now, case-exact.
    func registeredIdentifiers() throws -> [String] {
        try categories.registry().categories.map(\.identifier)
    }
}
