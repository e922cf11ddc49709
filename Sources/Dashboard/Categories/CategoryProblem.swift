import HTTPKit
import JSON
import NotificationKit

/// 422 for a category config with errors: the error object plus every diagnostic.
struct CategoryProblem: Error {
    var message = "The category config has errors; nothing was changed."
    let diagnostics: [Diagnostic]

    /// Runs `body`, answering a `CategoryProblem` it throws as 422 with the diagnostics.
    static func answering(_ body: () throws -> Response) throws -> Response {
        do {
            return try body()
        } catch let problem as CategoryProblem {
            let error = HTTPError(.unprocessableContent, message: problem.message, code: "invalid-categories")
            return APIError.response(error, diagnostics: problem.diagnostics)
        }
    }
}
