import HTTPKit
import JSON
import NotificationKit
import Registry

/// 422 for a category config with errors: the error object plus every diagnostic.
struct CategoryProblem: Error {
    var message = "The category config has errors; nothing was changed."
    let diagnostics: [Diagnostic]

    /// Runs `body`, answering a `CategoryProblem` it throws, or the registry's refusal of a
    /// registry with errors, as 422 with the diagnostics.
    static func answering(_ body: () throws -> Response) throws -> Response {
        do {
            return try body()
        } catch let problem as CategoryProblem {
            return problem.response
        } catch RegistryRefusal.invalid(let diagnostics) {
            return CategoryProblem(diagnostics: diagnostics).response
        }
    }

    private var response: Response {
        let error = HTTPError(.invalidCategories, message: message)
        return APIError.response(error, diagnostics: diagnostics)
    }
}
