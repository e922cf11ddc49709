import HTTPKit

/// Query parameters with a fixed set of values: anything else is a 400 naming the parameter.
enum QueryOptions {
    /// `true`/`false` (also `1`/`0`), or nil when absent.
    static func flag(_ name: String, in request: Request) throws(HTTPError) -> Bool? {
        guard let text = request.queryItems[name] else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default:
            throw HTTPError(
                .invalidParameter,
                message: "Query parameter \"\(name)\" must be true or false, not \"\(text)\".")
        }
    }

    /// One of `allowed`, `fallback` when absent.
    static func choice(_ name: String, in request: Request, allowed: [String], fallback: String?)
        throws(HTTPError) -> String?
    {
        guard let text = request.queryItems[name] else { return fallback }
        guard allowed.contains(text) else {
            throw HTTPError(
                .invalidParameter,
                message:
                    "Query parameter \"\(name)\" must be one of \(allowed.joined(separator: ", ")), not \"\(text)\"."
            )
        }
        return text
    }
}
